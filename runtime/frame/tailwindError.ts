/** Thrown for what the app's CSS or config asks of Tailwind that the frame cannot give (other imports, outside paths). */
export class TailwindInputError extends Error {
  readonly code = 'tailwind_input';
}
