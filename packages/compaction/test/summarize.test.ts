import type { Message } from "@claw/providers";
import { describe, expect, it } from "vitest";
import {
  buildSummaryInstructions,
  extractIdentifiers,
  MERGE_SUMMARIES_INSTRUCTIONS,
  STRICT_IDENTIFIER_INSTRUCTIONS,
  SUMMARY_SECTIONS,
  type Summarizer,
  summarizeInStages,
  summarizeWithFallback,
  summarizeWithQualityGuard,
} from "../src/index.js";
import { sized, user } from "./build.js";

/** A faux summariser that records its calls and answers from a script. */
function recorder(answer: (messages: Message[], instructions: string, call: number) => string) {
  const calls: { messages: Message[]; instructions: string }[] = [];
  const summarize: Summarizer = async (messages, instructions) => {
    calls.push({ messages, instructions });
    return answer(messages, instructions, calls.length);
  };
  return { calls, summarize };
}

describe("buildSummaryInstructions", () => {
  it.each([
    {
      options: { identifierPolicy: "strict" as const },
      contains: [STRICT_IDENTIFIER_INSTRUCTIONS],
      lacks: [],
    },
    { options: { identifierPolicy: "off" as const }, contains: [], lacks: [STRICT_IDENTIFIER_INSTRUCTIONS] },
    {
      options: { identifierPolicy: "custom" as const, identifierInstructions: "KEEP IDS" },
      contains: ["KEEP IDS"],
      lacks: [STRICT_IDENTIFIER_INSTRUCTIONS],
    },
    { options: { task: "merge" as const }, contains: [MERGE_SUMMARIES_INSTRUCTIONS], lacks: [] },
    {
      options: { task: "update" as const, previousSummary: "OLD SUMMARY" },
      contains: ["Update the previous summary", "OLD SUMMARY"],
      lacks: [],
    },
    { options: { missingIdentifiers: ["abc1234f"] }, contains: ["- abc1234f"], lacks: [] },
  ])("%j", ({ options, contains, lacks }) => {
    const text = buildSummaryInstructions(options);
    for (const s of contains) expect(text).toContain(s);
    for (const s of lacks) expect(text).not.toContain(s);
    for (const section of SUMMARY_SECTIONS) expect(text).toContain(`## ${section.heading}`);
  });
});

describe("extractIdentifiers", () => {
  it.each([
    ["uuid", "run 3f2b8c1e-9a4d-4e2b-8f1a-0c9d8e7f6a5b failed", ["3f2b8c1e-9a4d-4e2b-8f1a-0c9d8e7f6a5b"]],
    ["url without trailing dot", "see https://example.com/a?b=1.", ["https://example.com/a?b=1"]],
    [
      "path and host:port",
      "config/production.yaml points at db-prod-01.example.com:5432",
      ["config/production.yaml", "db-prod-01.example.com:5432"],
    ],
    ["absolute path", "wrote /var/log/claw/run.log", ["/var/log/claw/run.log"]],
    ["ip with port and localhost", "10.0.0.12:8080 or localhost:3000", ["10.0.0.12:8080", "localhost:3000"]],
    [
      "git hash",
      "commit 9fceb02d0ae598e95dc970b74767f19372d61af8",
      ["9fceb02d0ae598e95dc970b74767f19372d61af8"],
    ],
    ["plain prose has none", "we decided to ship it on friday", []],
  ])("%s", (_, text, expected) => {
    expect(extractIdentifiers(text)).toEqual(expected);
  });
});

describe("summarizeInStages", () => {
  it("parts 2 → 3 calls; the merge call gets the partial summaries as user messages, in order", async () => {
    const messages = Array.from({ length: 4 }, (_, i) => user(`M${i + 1}`, 1_000));
    const { calls, summarize } = recorder((_, __, n) => `partial ${n}`);
    const summary = await summarizeInStages({
      messages,
      summarize,
      instructions: "SUM",
      contextWindow: 200_000,
      estimator: sized,
      parts: 2,
    });
    expect(calls).toHaveLength(3);
    expect(calls[0]?.messages).toHaveLength(2);
    expect(calls[2]?.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "partial 1"],
      ["user", "partial 2"],
    ]);
    expect(calls[2]?.instructions).toBe(MERGE_SUMMARIES_INSTRUCTIONS);
    expect(summary).toBe("partial 3");
  });

  it("stops on abort", async () => {
    const controller = new AbortController();
    const { summarize } = recorder(() => {
      controller.abort(new Error("stop"));
      return "x";
    });
    await expect(
      summarizeInStages({
        messages: [user("a", 10), user("b", 10)],
        summarize,
        instructions: "",
        contextWindow: 1000,
        estimator: sized,
        signal: controller.signal,
      }),
    ).rejects.toThrow("stop");
  });
});

describe("summarizeWithFallback", () => {
  it("both calls fail: throws a SummaryFailedError instead of writing a placeholder summary", async () => {
    const { calls, summarize } = recorder(() => {
      throw new Error("provider said no");
    });
    await expect(
      summarizeWithFallback({
        messages: [user("small", 10), user("huge", 900)],
        summarize,
        instructions: "",
        contextWindow: 1000,
        estimator: sized,
      }),
    ).rejects.toMatchObject({ name: "SummaryFailedError", kind: "provider-error" });
    expect(calls).toHaveLength(2);
  });

  it.each([
    { name: "success", fail: [] as number[], expect: "ok 1", calls: 1 },
    {
      name: "first call fails: retried without the oversized message",
      fail: [1],
      expect: "ok 2\n\n[1 oversized message(s) were left out of this summary.]",
      calls: 2,
    },
  ])("$name", async ({ fail, expect: expected, calls: n }) => {
    const messages = [user("small", 10), user("huge", 900)];
    const { calls, summarize } = recorder((_, __, call) => {
      if (fail.includes(call)) throw new Error("provider said no");
      return `ok ${call}`;
    });
    const summary = await summarizeWithFallback({
      messages,
      summarize,
      instructions: "",
      contextWindow: 1000,
      estimator: sized,
    });
    expect(summary).toBe(expected);
    expect(calls).toHaveLength(n);
    if (n === 2) expect(calls[1]?.messages[1]?.content).toContain("too large to summarise");
  });
});

describe("summarizeWithQualityGuard", () => {
  const source = [
    user(
      "deploy 3f2b8c1e-9a4d-4e2b-8f1a-0c9d8e7f6a5b to https://db-prod-01.example.com:5432 using config/production.yaml",
    ),
  ];
  const all =
    "3f2b8c1e-9a4d-4e2b-8f1a-0c9d8e7f6a5b https://db-prod-01.example.com:5432 config/production.yaml";

  it.each([
    { name: "all survive: no retry", answers: [all], missing: [], retried: false },
    {
      name: "one dropped, retry restores it",
      answers: ["3f2b8c1e-9a4d-4e2b-8f1a-0c9d8e7f6a5b https://db-prod-01.example.com:5432", all],
      missing: [],
      retried: true,
    },
    {
      name: "one dropped twice: reported as lost",
      answers: [
        "3f2b8c1e-9a4d-4e2b-8f1a-0c9d8e7f6a5b https://db-prod-01.example.com:5432",
        "3f2b8c1e-9a4d-4e2b-8f1a-0c9d8e7f6a5b https://db-prod-01.example.com:5432",
      ],
      missing: ["config/production.yaml"],
      retried: true,
    },
  ])("$name", async ({ answers, missing, retried }) => {
    const seen: (readonly string[])[] = [];
    const { summary, quality } = await summarizeWithQualityGuard({
      sourceMessages: source,
      identifierPolicy: "strict",
      run: async (lost) => {
        seen.push(lost);
        return answers[seen.length - 1] ?? "";
      },
    });
    expect(quality).toMatchObject({ checked: true, expected: 3, missing, retried });
    if (retried) expect(seen[1]).toEqual(["config/production.yaml"]);
    expect(summary.length).toBeGreaterThan(0);
  });

  it("policy off: no check, no retry", async () => {
    let runs = 0;
    const { quality } = await summarizeWithQualityGuard({
      sourceMessages: source,
      identifierPolicy: "off",
      run: async () => {
        runs++;
        return "nothing";
      },
    });
    expect(quality.checked).toBe(false);
    expect(runs).toBe(1);
  });
});
