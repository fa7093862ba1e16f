// A lock across tabs for pages without Web Locks, over the storage `persistence.ts` opened and hands
// it. Loaded only on such a page, at its first lock.

/** A lease lapses this long after its holder last renewed it (a tab closed or frozen holding it). */
const LEASE_MS = 10_000;
/** How often the holder renews its lease: often enough that a hidden tab's throttled timers keep it. */
const RENEW_MS = 2_000;

/**
 * A lock across tabs without Web Locks: a lease `{ id, until }` in localStorage. A tab that finds
 * no live lease writes its own; two tabs may both see it free and write, so after a pause only the
 * one that finds its own id goes ahead, and the other waits. The holder renews the lease while its
 * task runs (a sign-in carrying many lines, a slow request refreshed and repeated), so the lease
 * does not lapse under it. Safe when a tab dies holding it: a closed, crashed or frozen tab renews
 * nothing, its lease lapses after `LEASE_MS`, and the next tab goes ahead — the shopper waits a few
 * seconds once, nothing stays stuck. Storage that refuses the lease (blocked, full): this tab goes
 * ahead on its own, as without any lock.
 */
export async function withLease<T>(storage: Storage, name: string, task: () => Promise<T>): Promise<T> {
  const id = Math.random().toString(36).slice(2);
  const leaseKey = `${name}:lease`;
  const holder = () => {
    try {
      const lease = JSON.parse(storage.getItem(leaseKey)!) as { id?: string; until?: unknown } | null;
      return typeof lease?.until === 'number' && lease.until > Date.now() ? lease.id : undefined;
    } catch {
      return undefined;
    }
  };
  const claim = () => storage.setItem(leaseKey, JSON.stringify({ id, until: Date.now() + LEASE_MS }));
  try {
    for (;;) {
      if (holder() === undefined) {
        claim();
        await pause(30);
        if (holder() === id) break;
      }
      await pause(50);
    }
  } catch {
    // Storage that refuses the lease: this tab goes ahead on its own.
  }
  const renew = setInterval(() => {
    try {
      if (holder() === id) claim();
    } catch {
      // Storage refused: the lease lapses in time, as a closed tab's does.
    }
  }, RENEW_MS);
  try {
    return await task();
  } finally {
    clearInterval(renew);
    try {
      if (holder() === id) storage.removeItem(leaseKey);
    } catch {
      // Nothing to release.
    }
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
