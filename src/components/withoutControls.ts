/** Control characters but newline and tab, and the bidi marks, embeddings, overrides and isolates. */
const CONTROLS = /(?![\n\t])[\p{Cc}\p{Bidi_Control}]/gu;

/** An app's text without characters that reorder or hide what the launcher shows around it. */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS, '');
}
