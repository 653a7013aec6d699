/**
 * Session storage benchmarks. Baseline: `JSON.parse` of every line of the same 10k-entry file
 * (the floor for any JSONL reader). Cases: `readTranscript` (validate + repair check) on 10k
 * entries, target ≤ 50 ms; the growth ratio 100k/10k (linear ≤ 12), each load interleaved with the
 * others and started from a collected heap; and 10k appends through the group-commit writer,
 * per-append median and p99 (fsync and os durability).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { percentile, report, suite } from "@claw/bench-harness";
import { readTranscript } from "../src/sessions/transcript/read-transcript.js";
import { createTranscriptWriter } from "../src/sessions/transcript/transcript-writer.js";

/** `global.gc` when the process was started with --expose-gc, else exposed now (no other flag). */
function exposeGc(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

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

  const parseAll = (path: string) => () =>
    readFileSync(path, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
  // Growth is measured fairly: the four loads take turns in every round (so load on the machine
  // hits them alike), and each starts from a collected heap, so no load pays for another's garbage.
  const gc = exposeGc();
  const loads = {
    parseSmall: { load: parseAll(small), times: [] as number[], perRound: 3 },
    parseLarge: { load: parseAll(large), times: [] as number[], perRound: 1 },
    readSmall: { load: () => readTranscript(small), times: [] as number[], perRound: 3 },
    readLarge: { load: () => readTranscript(large), times: [] as number[], perRound: 1 },
  };
  for (const { load } of Object.values(loads)) await load(); // warm-up
  for (let round = 0; round < 7; round++) {
    for (const series of Object.values(loads)) {
      for (let i = 0; i < series.perRound; i++) {
        gc();
        const t0 = performance.now();
        await series.load();
        series.times.push(performance.now() - t0);
      }
    }
  }
  const median = (times: number[]) =>
    percentile(
      times.sort((a, b) => a - b),
      50,
    );
  // The same growth for bare JSON.parse shows how much is V8 heap growth rather than our reader.
  const parseGrowth = median(loads.parseLarge.times) / median(loads.parseSmall.times);
  const tenK = median(loads.readSmall.times);
  const hundredK = median(loads.readLarge.times);
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
