/** Decimal units, as npm states sizes; null: the registry gave none. */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return 'size unknown';
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
