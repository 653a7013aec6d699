/**
 * Session storage benchmarks. Baseline: `JSON.parse` of every line of the same 10k-entry file
 * (the floor for any JSONL reader). Cases: `readTranscript` (validate + repair check) on 10k
 * entries, target ≤ 50 ms; the growth ratio 100k/10k (linear ≤ 12); and 10k appends through the
 * group-commit writer, per-append median and p99 (fsync and os durability).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { percentile, report, suite } from "@claw/bench-harness";
import { readTranscript } from "../src/sessions/transcript/read-transcript.js";
import { createTranscriptWriter } from "../src/sessions/transcript/transcript-writer.js";

const root = mkdtempSync(join(tmpdir(), "claw-sessions-bench-"));

function entry(i: number, parentId: string | null) {
  const role = i % 2 === 0 ? "user" : "assistant";
  const message =
    role === "user"
      ? { role, content: `Question number ${i}: what about the file src/module-${i}.ts?`, timestamp: i }
      : {
          role,
          content: [{ type: "text", text: `Answer ${i}: it exports two functions and a type. `.repeat(3) }],
          api: "faux",
          provider: "faux",
          model: "faux-1",
          usage: {
            input: 100,
            output: 50,
            cacheRead: 0,
            cacheWrite: 0,
            totalTokens: 150,
            cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
          },
          stopReason: "stop",
          timestamp: i,
        };
  return { type: "message", id: `e${i}`, parentId, timestamp: i, message };
}

function writeTranscript(path: string, count: number) {
  const lines = [JSON.stringify({ type: "session", version: 1, id: "bench", timestamp: 0 })];
  for (let i = 0; i < count; i++) lines.push(JSON.stringify(entry(i, i === 0 ? null : `e${i - 1}`)));
  writeFileSync(path, `${lines.join("\n")}\n`);
}

async function appendTimes(durability: "fsync" | "os", count: number): Promise<number[]> {
  const path = join(root, `append-${durability}.jsonl`);
  const writer = createTranscriptWriter(path, { durability });
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await writer.append(entry(i, null));
    times.push(performance.now() - t0);
  }
  await writer.close();
  return times.sort((a, b) => a - b);
}

try {
  const small = join(root, "10k.jsonl");
  const large = join(root, "100k.jsonl");
  writeTranscript(small, 10_000);
  writeTranscript(large, 100_000);

  await suite("sessions: load 10k-entry transcript", {
    baseline: {
      name: "JSON.parse each line",
      fn: () =>
        readFileSync(small, "utf8")
          .trimEnd()
          .split("\n")
          .map((l) => JSON.parse(l)),
    },
    cases: [{ name: "readTranscript 10k", fn: () => readTranscript(small), target: { maxMedianMs: 50 } }],
    minSamples: 20,
  });

  const median = async (load: () => unknown, runs: number) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await load();
      times.push(performance.now() - t0);
    }
    return percentile(
      times.sort((a, b) => a - b),
      50,
    );
  };
  const parseAll = (path: string) => () =>
    readFileSync(path, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
  // The same growth for bare JSON.parse shows how much is V8 heap growth rather than our reader.
  const parseGrowth = (await median(parseAll(large), 5)) / (await median(parseAll(small), 15));
  const tenK = await median(() => readTranscript(small), 15);
  const hundredK = await median(() => readTranscript(large), 5);
  report("sessions: load growth", "JSON.parse 100k / 10k (baseline)", parseGrowth, "x");
  report("sessions: load growth", "readTranscript 100k / 10k", hundredK / tenK, "x", {
    baseline: { name: "JSON.parse 100k / 10k", value: parseGrowth },
    target: { max: 12 },
  });
  report("sessions: load growth", "readTranscript 100k median", hundredK, "ms");

  for (const [durability, count] of [
    ["os", 10_000],
    ["fsync", 10_000],
  ] as const) {
    const times = await appendTimes(durability, count);
    report("sessions: append", `append ${count} (${durability}) median`, percentile(times, 50), "ms");
    report("sessions: append", `append ${count} (${durability}) p99`, percentile(times, 99), "ms");
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
