import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { countTiktokenTokens } from "./tiktoken.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function settledHeapMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

describe("tiktoken encoder memory", () => {
  // A long-lived gateway keeps the encoder for its lifetime: only the encode table may stay
  // (~20 MB); js-tiktoken's decode table alone would add ~35 MB more.
  it("keeps the loaded encoder under 35 MB of heap", () => {
    const before = settledHeapMb();
    expect(countTiktokenTokens("hello world")).toBe(2);
    expect(settledHeapMb() - before).toBeLessThan(35);
  });
});
