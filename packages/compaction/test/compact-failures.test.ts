import type { Message } from "@claw/providers";
import { describe, expect, it } from "vitest";
import {
  compactHistory,
  effectiveKeepRecentTokens,
  effectiveReserveTokens,
  extractIdentifiers,
  type Summarizer,
  SummaryFailedError,
} from "../src/index.js";
import { assistant, label, sized, user } from "./build.js";

const IDS =
  "see /srv/app/config/prod.yaml, https://ci.example.com/run/42 and 3f2b8c1e-9a4d-4e2b-8f1a-0c9d8e7f6a5b";

/** A faux summariser that keeps every identifier of what it summarises. */
const keeper: Summarizer = async (messages) => {
  const ids = messages.flatMap((m) => extractIdentifiers(typeof m.content === "string" ? m.content : ""));
  return `Work so far: ${ids.join(" ")}`;
};
/** One that drops them all. */
const dropper: Summarizer = async () => "We talked about some files and a run.";

function history(): Message[] {
  return [user(IDS, 3_000), assistant("noted", { tokens: 3_000 }), user("next", 3_000), user("latest", 10)];
}

describe("bounded tail and reserve", () => {
  it.each([
    { window: 16_000, keep: undefined, expected: 4_000 },
    { window: 200_000, keep: undefined, expected: 20_000 },
    { window: 200_000, keep: 30_000, expected: 30_000 },
    { window: 32_000, keep: 30_000, expected: 8_000 },
  ])("keep tail for $window window and keep $keep → $expected", ({ window, keep, expected }) => {
    expect(effectiveKeepRecentTokens(window, keep)).toBe(expected);
  });

  it("reserve is at most a quarter of the window", () => {
    expect(effectiveReserveTokens(16_000)).toBe(4_000);
    expect(effectiveReserveTokens(200_000)).toBe(16_384);
  });

  it("default mode on a 16k window compacts a history the old 20k tail kept whole", async () => {
    const long = Array.from({ length: 12 }, (_, i) => user(`m${i}`, 1_400));
    const { result } = await compactHistory(long, {
      contextWindow: 16_000,
      summarize: keeper,
      estimator: sized,
    });
    expect(result).toMatchObject({ compacted: true, budgetTokens: 4_000 });
    expect(result.keptTokens).toBeLessThanOrEqual(4_000);
  });

  it("manual compaction drops everything before the latest turn, even within the tail budget", async () => {
    const short = [
      user("a", 10),
      assistant("b", { tokens: 10 }),
      user("c", 10),
      assistant("d", { tokens: 10 }),
    ];
    const { messages, result } = await compactHistory(short, {
      contextWindow: 200_000,
      summarize: keeper,
      estimator: sized,
      trigger: "manual",
    });
    expect(result.compacted).toBe(true);
    expect(messages.slice(1).map(label)).toEqual(["c", "d"]);
  });

  it("manual compaction of only the latest exchange says exactly why nothing happened", async () => {
    const { result } = await compactHistory([user("hello one", 10), assistant("hi", { tokens: 10 })], {
      contextWindow: 200_000,
      summarize: keeper,
      estimator: sized,
      trigger: "manual",
    });
    expect(result.compacted).toBe(false);
    expect(result.reason).toBe(
      "nothing older than the latest turn: the session holds only its latest exchange (2 message(s))",
    );
  });
});

describe("summaries that must fail", () => {
  const options = { contextWindow: 40_000, keepRecentTokens: 100, estimator: sized };

  it.each([
    { name: "empty reply", summarize: (async () => "  \n") as Summarizer, kind: "empty", calls: 2 },
    {
      name: "provider error",
      summarize: (async () => {
        throw new Error("HTTP 500 upstream");
      }) as Summarizer,
      kind: "provider-error",
      calls: 2,
    },
    { name: "identifier loss", summarize: dropper, kind: "identifiers-lost", calls: 2 },
  ])("$name: retried per policy, then a SummaryFailedError ($kind)", async ({ summarize, kind, calls }) => {
    let count = 0;
    const counted: Summarizer = async (...args) => {
      count++;
      return summarize(...args);
    };
    const error = await compactHistory(history(), { ...options, summarize: counted }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SummaryFailedError);
    expect(error).toMatchObject({ kind });
    expect(count).toBe(calls);
  });

  it("identifier loss names what was lost", async () => {
    const error = await compactHistory(history(), { ...options, summarize: dropper }).catch(
      (e: unknown) => e,
    );
    expect((error as SummaryFailedError).missingIdentifiers).toEqual(
      expect.arrayContaining(["/srv/app/config/prod.yaml", "https://ci.example.com/run/42"]),
    );
  });

  it("a summariser that keeps identifiers passes, and they survive into the summary", async () => {
    const { summary, result } = await compactHistory(history(), { ...options, summarize: keeper });
    expect(result.compacted).toBe(true);
    for (const id of [
      "/srv/app/config/prod.yaml",
      "https://ci.example.com/run/42",
      "3f2b8c1e-9a4d-4e2b-8f1a-0c9d8e7f6a5b",
    ])
      expect(summary).toContain(id);
  });

  it("an empty first reply is retried and the second, good one is used", async () => {
    let count = 0;
    const flaky: Summarizer = async (messages, instructions, signal) =>
      ++count === 1 ? "" : keeper(messages, instructions, signal);
    const { result } = await compactHistory(history(), { ...options, summarize: flaky });
    expect(result.compacted).toBe(true);
    expect(count).toBe(2);
  });
});
