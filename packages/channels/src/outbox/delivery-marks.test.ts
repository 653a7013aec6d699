import { describe, expect, it } from "vitest";
import { createDeliveryMarks, type DeliveryMark } from "./delivery-marks.js";

const mark = (idx: number): DeliveryMark => ({ outboxId: 1, idx, platformMessageId: String(100 + idx) });

describe("delivery marks", () => {
  it("marks added in one turn commit in one batch, before anyone waiting resumes", async () => {
    const commits: number[][] = [];
    const told: number[] = [];
    const marks = createDeliveryMarks(
      (batch) => commits.push(batch.map((m) => m.idx)),
      (batch) => told.push(...batch.map((m) => m.idx)),
    );
    const waits = [marks.add(mark(0)), marks.add(mark(1)), marks.add(mark(2))];
    expect(commits).toEqual([]);
    await Promise.all(waits);
    expect(commits).toEqual([[0, 1, 2]]);
    await marks.add(mark(3));
    expect(commits).toEqual([[0, 1, 2], [3]]);
    expect(told).toEqual([0, 1, 2, 3]);
  });

  it("a failed commit rejects every waiter of that batch", async () => {
    const marks = createDeliveryMarks(
      () => {
        throw new Error("disk full");
      },
      () => {},
    );
    await expect(Promise.all([marks.add(mark(0)), marks.add(mark(1))])).rejects.toThrow("disk full");
  });
});
