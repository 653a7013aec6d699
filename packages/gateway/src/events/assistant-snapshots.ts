/**
 * Keeps a run's `agent` assistant events O(reply) on the wire. In-process, each event carries
 * the new text (`delta`) and the whole block so far (`text`), which costs the square of the reply
 * length per client. On the wire every event carries its `delta`; `text` goes out only as a
 * resync snapshot: at a block's start (where it equals the delta), then once the deltas since the
 * last one reach half the block (and at least `minGapChars`). So snapshots come at roughly doubling
 * sizes, each at most twice the deltas before it: they add at most twice the reply's size.
 */
import type { AgentEventData } from "@claw/protocol";

type AssistantData = AgentEventData<"assistant">;

/** Snapshots are at least this many delta characters apart (16 Ki). */
export const MIN_SNAPSHOT_GAP_CHARS = 16 * 1024;

export class AssistantSnapshots {
  private sinceSnapshot = 0;

  constructor(private readonly minGapChars = MIN_SNAPSHOT_GAP_CHARS) {}

  /**
   * The wire form of one assistant event's data.
   *
   * @example
   * const snapshots = new AssistantSnapshots();
   * hub.broadcast("agent", { ...event, data: snapshots.toWire(event.data) });
   */
  toWire(data: AssistantData): AssistantData {
    if (data.kind !== undefined || data.text === undefined) return data;
    this.sinceSnapshot += data.delta.length;
    const blockStart = data.text.length === data.delta.length;
    if (blockStart || this.sinceSnapshot >= Math.max(this.minGapChars, data.text.length / 2)) {
      this.sinceSnapshot = 0;
      return data;
    }
    const { text: _snapshot, ...delta } = data;
    return delta;
  }
}
