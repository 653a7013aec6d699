/**
 * A bounded pool of append-mode file handles, shared by every transcript writer of a store.
 * At most `maxOpen` files are open at once; the least recently used idle handle is closed to
 * make room, and a caller waits when every handle is busy. Opens that fail with EMFILE/ENFILE
 * are retried with backoff (an idle handle is closed first), and a failed open is never kept:
 * the next write opens again. A handle whose write failed is dropped the same way.
 */
import { type FileHandle, mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";

export interface AppendFilePoolOptions {
  /** Most files open at once (default 64). */
  maxOpen?: number;
  /** Extra attempts after an EMFILE/ENFILE open (default 8, backoff 10 ms doubling to 1 s). */
  openRetries?: number;
}

export interface AppendFilePool {
  /** Runs `write` with an open append handle for `path`, opening (or reusing) it as needed. */
  use<T>(path: string, write: (handle: FileHandle) => Promise<T>): Promise<T>;
  /**
   * Runs `task` (which opens files of its own, like a transcript read) while holding one of the
   * pool's places, retrying it after EMFILE/ENFILE, so reads count against the same budget.
   */
  withPlace<T>(task: () => Promise<T>): Promise<T>;
  /** Closes `path`'s handle once no write is using it. */
  release(path: string): Promise<void>;
  /** Closes every handle; later `use` calls still work (they reopen). */
  close(): Promise<void>;
  /** Files open right now, for tests and diagnostics. */
  readonly openCount: number;
}

interface Slot {
  handle: FileHandle;
  users: number;
  /** Out of the pool's map (a write failed, or its writer closed): closed when its last user leaves. */
  retired: boolean;
}

export const DEFAULT_MAX_OPEN_TRANSCRIPTS = 64;
const OUT_OF_DESCRIPTORS = new Set(["EMFILE", "ENFILE"]);

/**
 * @example
 * const files = createAppendFilePool({ maxOpen: 64 });
 * await files.use("/state/a.jsonl", (fh) => fh.write("line\n"));
 */
export function createAppendFilePool(options: AppendFilePoolOptions = {}): AppendFilePool {
  const maxOpen = Math.max(1, options.maxOpen ?? DEFAULT_MAX_OPEN_TRANSCRIPTS);
  const retries = options.openRetries ?? 8;
  /** Open handles in least-recently-used order (Map keeps insertion order). */
  const slots = new Map<string, Slot>();
  const opening = new Map<string, Promise<Slot>>();
  let closing = 0;
  let borrowed = 0;
  let retiring = 0;
  const waiters: (() => void)[] = [];

  const wakeOne = () => waiters.shift()?.();
  const busy = () => slots.size + opening.size + closing + borrowed + retiring;

  const closeSlot = async (path: string, slot: Slot) => {
    slots.delete(path);
    closing++;
    await slot.handle.close().catch(() => undefined);
    closing--;
    wakeOne();
  };

  const retire = (path: string, slot: Slot) => {
    if (slot.retired) return;
    slot.retired = true;
    if (slots.get(path) === slot) slots.delete(path);
    retiring++;
  };

  /** Closes the least recently used idle handle; false when every handle is in use. */
  const evictIdle = async (): Promise<boolean> => {
    for (const [path, slot] of slots) {
      if (slot.users === 0) {
        await closeSlot(path, slot);
        return true;
      }
    }
    return false;
  };

  /** Runs `task`, again after a backoff (closing an idle handle first) when descriptors ran out. */
  const retryOutOfDescriptors = async <T>(task: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await task();
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? "";
        if (!OUT_OF_DESCRIPTORS.has(code) || attempt >= retries) throw error;
        if (!(await evictIdle())) await sleep(Math.min(1000, 10 * 2 ** attempt));
      }
    }
  };

  const openWithRetry = async (path: string): Promise<FileHandle> => {
    await mkdir(dirname(path), { recursive: true });
    return retryOutOfDescriptors(() => open(path, "a"));
  };

  /** Waits until a place is free (closing the least recently used idle handle if needed). */
  const makeRoom = async (): Promise<void> => {
    while (busy() >= maxOpen) {
      if (!(await evictIdle()) && busy() >= maxOpen) await new Promise<void>((r) => waiters.push(r));
    }
  };

  const acquire = async (path: string): Promise<Slot> => {
    while (true) {
      const slot = slots.get(path);
      if (slot) {
        slots.delete(path);
        slots.set(path, slot); // most recently used goes last
        slot.users++;
        return slot;
      }
      const pending = opening.get(path);
      if (pending) {
        await pending.catch(() => undefined);
        continue;
      }
      if (busy() >= maxOpen) {
        await makeRoom();
        continue; // the file may have been opened by someone else meanwhile
      }
      const opened = openWithRetry(path).then((handle) => ({ handle, users: 1, retired: false }));
      opening.set(path, opened);
      try {
        const fresh = await opened;
        slots.set(path, fresh);
        return fresh;
      } catch (error) {
        wakeOne();
        throw error;
      } finally {
        opening.delete(path);
      }
    }
  };

  const releaseSlot = async (slot: Slot) => {
    slot.users--;
    if (slot.users > 0) return;
    if (slot.retired) {
      await slot.handle.close().catch(() => undefined);
      retiring--;
    }
    wakeOne();
  };

  return {
    get openCount() {
      return slots.size;
    },
    async use(path, write) {
      const slot = await acquire(path);
      try {
        return await write(slot.handle);
      } catch (error) {
        retire(path, slot); // a handle that failed a write is not trusted again
        throw error;
      } finally {
        await releaseSlot(slot);
      }
    },
    async withPlace(task) {
      await makeRoom();
      borrowed++;
      try {
        return await retryOutOfDescriptors(task);
      } finally {
        borrowed--;
        wakeOne();
      }
    },
    async release(path) {
      const slot = slots.get(path);
      if (!slot) return;
      if (slot.users > 0) retire(path, slot);
      else await closeSlot(path, slot);
    },
    async close() {
      await Promise.all(opening.values()).catch(() => undefined);
      await Promise.all([...slots].map(([path, slot]) => closeSlot(path, slot)));
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
