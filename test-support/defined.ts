/** The value, or a thrown error naming what was missing: a test's read of an answer it expects to exist. */
export function defined<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}, got ${value}`);
  return value;
}
