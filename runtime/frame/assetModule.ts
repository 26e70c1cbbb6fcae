/**
 * The module an asset import gets: `.svg` as a `data:` URL (the frame's CSP allows `img-src data:`; an
 * SVG in an `<img>` runs no script), `?raw` as the file's text.
 */
export function assetModule(as: 'svg' | 'raw', text: string): { __esModule: true; default: string } {
  return {
    __esModule: true,
    default: as === 'svg' ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}` : text,
  };
}
