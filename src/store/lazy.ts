/** Code loaded the first time it is asked for (`lazy`). */
export interface Lazy<T> {
  (): Promise<T>;
  /** Whether a load is under way or done (a failed one no longer counts). */
  readonly asked: boolean;
}

/**
 * Code a page needs only later, loaded the first time it is asked for and shared after:
 * `const loadPanel = lazy(() => import(the panel's module))`. `load` runs once while it succeeds; a load
 * that fails (a chunk that could not be downloaded) rejects its callers and runs again at the next
 * ask. The bundler makes each `import()` a chunk of its own (byte notes: docs/architecture.md).
 */
export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let loading: Promise<T> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.defineProperty(get, 'asked', { get: () => !!loading }) as Lazy<T>;
}
