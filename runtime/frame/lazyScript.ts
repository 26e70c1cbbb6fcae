/**
 * A runtime script fetched on first need only (the compiler, Tailwind): every caller shares one import,
 * and a failed one is tried again on the next call.
 */
export function lazyScript<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
}
