/**
 * The only code that touches localStorage, sessionStorage, BroadcastChannel and Web Locks (with the lease it loads
 * where a page has no Web Locks, `storage-lease.ts`, which it hands its storage). Everything degrades:
 * storage that is missing, full, blocked or corrupt falls back to memory; a browser without
 * BroadcastChannel or Web Locks still works in one tab. Reads and writes fail separately: storage
 * that is full still gives back what it holds (a returning shopper's cart key).
 */

/** A change one tab tells the others about. */
export type SyncMessage =
  /**
   * `owner`: the session's kind and customer id (`guest:` for a guest); only tabs in that session
   * follow. `at`: how new the cart is among every tab's (`Reply.at`).
   */
  | { type: 'cart'; cart: unknown; owner?: string; at?: number }
  | { type: 'cart-key'; key: string | null }
  | { type: 'session'; session: unknown }
  /** A new tab asks the open ones for a session that lives in tabs only (not "kept signed in"). */
  | { type: 'session-ask' };

/**
 * Where a value lives: `browser`, in localStorage until removed (every tab, across restarts);
 * `tab`, in this tab's sessionStorage (its reloads; gone when the tab closes).
 */
export type Place = 'browser' | 'tab';

export interface Persistence {
  read(name: string, place?: Place): string | null;
  /** Writes (or with `null` removes) a value, by default in the browser; never throws. */
  write(name: string, value: string | null, place?: Place): void;
  /** Tells the other tabs of this shop, in order, in a task of its own right after the change (never within it). */
  post(message: SyncMessage): void;
  /** Hears what the other tabs post. Returns the unsubscribe function. */
  listen(listener: (message: SyncMessage) => void): () => void;
  /** Runs `task` while holding `name` across every tab of this shop (one holder at a time). */
  withLock<T>(name: string, task: () => Promise<T>): Promise<T>;
  /** Stops hearing and telling the other tabs (the store is being thrown away). */
  close?(): void;
}

const PREFIX = 'cart-widget:';

export function createPersistence(scope: string): Persistence {
  /**
   * Values whose last write storage refused (by place and name): this page's value is newer than what
   * storage holds, so it reads them from here. A value storage took is not kept here too: the last
   * cart is written as the page is hidden, and a 1000-line cart's copy held half a megabyte for as
   * long as the page lived. Storage that took a value and then refuses to read gives nothing back.
   */
  const memory = new Map<string, string | null>();
  const storage = openStorage('localStorage');
  const storages = { browser: storage, tab: openStorage('sessionStorage') };
  const prefix = PREFIX + scope;
  const localLocks = new Map<string, Promise<unknown>>();
  const key = (name: string) => `${prefix}:${name}`;
  let channel: BroadcastChannel | null = null;
  try {
    channel = new BroadcastChannel(prefix);
  } catch {
    // No BroadcastChannel, or an opaque origin (sandboxed iframes) that refuses one: this tab works alone.
  }

  /**
   * Messages posted but not yet sent, in order. Cloning a large cart for the channel takes
   * milliseconds, so it waits for a task of its own after the change (the browser may draw the
   * change first) — never for a frame: a tab in the background draws none, and the other tabs
   * must hear it all the same (architecture §3: every tab shows the shop's cart within 2 s).
   */
  let outbox: SyncMessage[] = [];
  const sendOutbox = () => {
    const messages = outbox;
    outbox = [];
    for (const message of messages) {
      try {
        channel?.postMessage(message);
      } catch {
        // A message that cannot be cloned is simply not shared.
      }
    }
  };

  // A page left before its next frame (the shopper adds, then goes to checkout at once) still tells the others.
  globalThis.addEventListener?.('pagehide', sendOutbox);

  return {
    read(name, place = 'browser') {
      const store = storages[place];
      const slot = `${place}:${name}`;
      if (store && !memory.has(slot)) {
        try {
          return store.getItem(key(name));
        } catch {
          // Blocked storage: memory below.
        }
      }
      return memory.get(slot) ?? null;
    },
    write(name, value, place = 'browser') {
      const store = storages[place];
      const slot = `${place}:${name}`;
      try {
        if (!store) throw new Error('no storage');
        if (value === null) store.removeItem(key(name));
        else store.setItem(key(name), value);
        memory.delete(slot);
      } catch {
        // Quota or privacy mode: the value lives in memory for this page, and wins over storage's.
        memory.set(slot, value);
      }
    },
    post(message) {
      if (!channel) return;
      outbox.push(message);
      // A cart waits until the page is idle; anything else (a key, tokens, a session) goes in the
      // next task, and takes a cart before it along, in order.
      (message.type == 'cart' ? whenIdle : inNextTask)(sendOutbox);
    },
    listen(listener) {
      const onMessage = ({ data }: MessageEvent) => {
        if (data && typeof data === 'object' && typeof data.type === 'string') listener(data as SyncMessage);
      };
      channel?.addEventListener('message', onMessage);
      return () => channel?.removeEventListener('message', onMessage);
    },
    withLock(name, task) {
      // What the holder tells the other tabs is sent before the lock passes on, as the next holder
      // may have waited for exactly that (a rotated refresh token that storage could not keep).
      const thenTell = () => task().finally(sendOutbox);
      const lockName = key(name);
      const locks = globalThis.navigator?.locks;
      if (locks?.request) return locks.request(lockName, thenTell) as ReturnType<typeof task>;
      // No Web Locks (an http: page, a browser before 2022): serialise within this tab, and across
      // tabs with a lease in storage (`storage-lease.ts`, loaded only where it is needed).
      const run = (localLocks.get(lockName) ?? Promise.resolve())
        .catch(ignore)
        .then(() => (storage ? import('./storage-lease.js').then(({ withLease }) => withLease(storage, lockName, thenTell), thenTell) : thenTell()));
      localLocks.set(lockName, run);
      return run;
    },
    close() {
      sendOutbox();
      globalThis.removeEventListener?.('pagehide', sendOutbox);
      channel?.close();
    },
  };
}

function ignore(): void {}

/**
 * Runs `task` once the page is idle after what it does now: a confirmed cart is posted to the other
 * tabs after the frame that shows it, not before it (its copy for the channel took 5 ms of a
 * 1000-line quantity change, issue 32). A hidden page paints no frames, and Safari has no idle
 * callbacks: there, in the next task.
 */
function whenIdle(task: () => void): void {
  const idle = globalThis.requestIdleCallback;
  if (idle && globalThis.document?.visibilityState === 'visible') idle(task, { timeout: 100 });
  else inNextTask(task);
}

/**
 * Runs `task` in a task of its own, soon: a message port's task, which the browser neither ties to
 * frames nor throttles in a hidden tab (as it does timers, to once a second or less).
 */
function inNextTask(task: () => void): void {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = () => {
    port1.close();
    task();
  };
  port2.postMessage(null);
}

/**
 * localStorage or sessionStorage, or `null` where the page may not have it (opaque origins throw on
 * access). Not probed with a write: full storage still reads, and each read and write copes on its own.
 */
function openStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return globalThis[name] ?? null;
  } catch {
    return null;
  }
}
