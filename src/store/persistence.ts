/**
 * The only code that touches localStorage, BroadcastChannel and Web Locks. Everything degrades:
 * storage that is missing, full, blocked or corrupt falls back to memory; a browser without
 * BroadcastChannel or Web Locks still works in one tab.
 */

/** A change one tab tells the others about. */
export type SyncMessage =
  | { type: 'cart'; cart: unknown }
  | { type: 'cart-key'; key: string | null }
  | { type: 'session'; session: unknown };

export interface Persistence {
  read(name: string): string | null;
  /** Writes (or with `null` removes) a value; never throws. */
  write(name: string, value: string | null): void;
  /** Tells the other tabs of this shop. */
  post(message: SyncMessage): void;
  /** Hears what the other tabs post. Returns the unsubscribe function. */
  listen(listener: (message: SyncMessage) => void): () => void;
  /** Runs `task` while holding `name` across every tab of this shop (one holder at a time). */
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
}

const PREFIX = 'cart-widget:';

export function createPersistence(scope: string): Persistence {
  const memory = new Map<string, string>();
  const storage = probeStorage();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`${PREFIX}${scope}`) : null;
  const localLocks = new Map<string, Promise<unknown>>();
  const key = (name: string) => `${PREFIX}${scope}:${name}`;

  return {
    read(name) {
      try {
        const value = storage?.getItem(key(name));
        if (value !== undefined && value !== null) return value;
      } catch {
        // Blocked storage: memory below.
      }
      return memory.get(name) ?? null;
    },
    write(name, value) {
      if (value === null) memory.delete(name);
      else memory.set(name, value);
      try {
        if (value === null) storage?.removeItem(key(name));
        else storage?.setItem(key(name), value);
      } catch {
        // Quota or privacy mode: the value lives in memory for this page.
      }
    },
    post(message) {
      try {
        channel?.postMessage(message);
      } catch {
        // A message that cannot be cloned is simply not shared.
      }
    },
    listen(listener) {
      if (!channel) return () => {};
      const onMessage = (event: MessageEvent) => {
        const data = event.data as SyncMessage | null;
        if (data && typeof data === 'object' && typeof data.type === 'string') listener(data);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    withLock(name, task) {
      const lockName = key(name);
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (locks?.request) return locks.request(lockName, () => task()) as Promise<Awaited<ReturnType<typeof task>>>;
      // No Web Locks: serialise within this tab.
      const previous = localLocks.get(lockName) ?? Promise.resolve();
      const run = previous.catch(() => undefined).then(task);
      localLocks.set(lockName, run);
      return run;
    },
  };
}

function probeStorage(): Storage | null {
  try {
    const storage = globalThis.localStorage;
    const probe = `${PREFIX}probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}
