/**
 * Keeps the first `headCapacity` characters of a stream and a ring of its last `capacity`
 * characters, counting what fell out in between, so output can be shown head + tail.
 */
export class RingBuffer {
  private head = "";
  private tail = "";
  /** Characters dropped between the head and the tail. */
  dropped = 0;
  /** Total characters ever written. */
  written = 0;

  constructor(
    private readonly capacity: number,
    private readonly headCapacity = 0,
  ) {}

  write(chunk: string): void {
    this.written += chunk.length;
    let rest = chunk;
    if (this.head.length < this.headCapacity && this.dropped === 0 && this.tail === "") {
      const room = this.headCapacity - this.head.length;
      this.head += rest.slice(0, room);
      rest = rest.slice(room);
    }
    this.tail += rest;
    if (this.tail.length > this.capacity) {
      const cut = this.tail.length - this.capacity;
      this.dropped += cut;
      this.tail = this.tail.slice(cut);
    }
  }

  /** Everything still held, with a marker where characters were dropped. */
  contents(): string {
    return this.dropped > 0
      ? `${this.head}\n[… ${this.dropped} characters omitted …]\n${this.tail}`
      : this.head + this.tail;
  }

  /** Characters written after absolute position `from` that are still held. */
  since(from: number): { text: string; next: number; lost: number } {
    const tailStart = this.head.length + this.dropped;
    if (from < this.head.length) {
      const headPart = this.head.slice(from);
      const lost = this.dropped;
      return { text: lost > 0 ? `${headPart}${this.tail}` : headPart + this.tail, next: this.written, lost };
    }
    const start = Math.max(from, tailStart);
    return { text: this.tail.slice(start - tailStart), next: this.written, lost: start - from };
  }
}
