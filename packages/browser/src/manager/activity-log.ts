/**
 * What the pages did lately, kept small for the `console` and `network` actions: bounded rings of
 * console messages, page errors and requests (with refusals by the address guard).
 */

export interface ConsoleEntry {
  tab: string;
  type: string;
  text: string;
  atMs: number;
}

export interface NetworkEntry {
  tab: string;
  method: string;
  url: string;
  resourceType: string;
  /** HTTP status, or undefined when the request failed or was blocked. */
  status?: number;
  /** Why it failed, or the guard's refusal. */
  failure?: string;
  blocked?: boolean;
  atMs: number;
}

export interface DownloadEntry {
  url: string;
  /** Workspace-relative path when saved. */
  savedAs?: string;
  bytes?: number;
  /** Why it was not saved. */
  refused?: string;
  atMs: number;
}

const ENTRY_TEXT_CHARS = 500;

/** A fixed-size ring: the newest `capacity` entries, oldest first. */
class Ring<T> {
  private readonly items: T[] = [];
  constructor(private readonly capacity: number) {}
  push(item: T): void {
    this.items.push(item);
    if (this.items.length > this.capacity) this.items.shift();
  }
  last(count: number): T[] {
    return this.items.slice(-count);
  }
}

export class ActivityLog {
  private readonly consoleRing = new Ring<ConsoleEntry>(200);
  private readonly networkRing = new Ring<NetworkEntry>(300);
  private readonly downloadRing = new Ring<DownloadEntry>(50);

  constructor(private readonly now: () => number = Date.now) {}

  console(tab: string, type: string, text: string): void {
    this.consoleRing.push({ tab, type, text: text.slice(0, ENTRY_TEXT_CHARS), atMs: this.now() });
  }

  network(entry: Omit<NetworkEntry, "atMs">): void {
    this.networkRing.push({ ...entry, url: entry.url.slice(0, ENTRY_TEXT_CHARS), atMs: this.now() });
  }

  download(entry: Omit<DownloadEntry, "atMs">): void {
    this.downloadRing.push({ ...entry, atMs: this.now() });
  }

  recentConsole(count = 50): ConsoleEntry[] {
    return this.consoleRing.last(count);
  }

  recentNetwork(count = 50): NetworkEntry[] {
    return this.networkRing.last(count);
  }

  recentDownloads(count = 20): DownloadEntry[] {
    return this.downloadRing.last(count);
  }
}
