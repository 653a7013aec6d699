/** Clock and timer of a coalescer; tests pass fakes. */
export interface CoalescerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: CoalescerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Merges a run's assistant deltas so at most one `chat` delta goes out per `windowMs` (OpenClaw
 * sends at most one per 150 ms). The first delta goes out at once; later ones within the window
 * are concatenated and sent when it ends. Never drops text: call `flush()` before the final.
 *
 * @example
 * const deltas = new ChatDeltaCoalescer(150, (text) => hub.broadcast("chat", { state: "delta", deltaText: text }));
 * deltas.push("Hel"); deltas.push("lo"); // "Hel" now, "lo" ≤ 150 ms later
 * deltas.flush(); // before the final event
 */
export class ChatDeltaCoalescer {
  private pending = "";
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private timer: unknown;

  constructor(
    private readonly windowMs: number,
    private readonly emit: (text: string) => void,
    private readonly clock: CoalescerClock = systemClock,
  ) {}

  push(text: string): void {
    if (text === "") return;
    this.pending += text;
    if (this.timer !== undefined) return;
    const wait = this.lastSentAt + this.windowMs - this.clock.now();
    if (wait <= 0) this.flush();
    else this.timer = this.clock.setTimeout(() => this.flush(), wait);
  }

  /** Sends what is buffered now (if anything) and cancels the pending timer. */
  flush(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending === "") return;
    const text = this.pending;
    this.pending = "";
    this.lastSentAt = this.clock.now();
    this.emit(text);
  }
}
