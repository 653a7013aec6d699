/**
 * Fuzzing the shell reader: every input must come back as a parse or a refusal, never a throw or
 * a hang. The inputs run in a child process with a hard timeout, so a reintroduced infinite loop
 * fails this test (naming the group it was in) instead of hanging CI.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fuzzCases } from "./fixtures-shell-fuzz-cases.js";

/** For the whole batch: about 1.5 s of CPU, several times that in wall time on a busy 2-core machine. */
const HARD_TIMEOUT_MS = 30_000;
const SEEDS = [0x5eed];

interface Outcome {
  ok?: unknown;
  reason?: unknown;
  commands?: unknown;
  threw?: string;
  shape?: string;
}

function runChild(seed: number): Promise<Outcome[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(import.meta.dirname, "fixtures-shell-fuzz-run.ts"), String(seed)],
      { cwd: join(import.meta.dirname, ".."), stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      const last = stderr.trim().split("\n").at(-1);
      reject(
        new Error(
          `the shell reader did not finish the fuzz batch in ${HARD_TIMEOUT_MS} ms (seed ${seed}; last: ${last}): a hang or a quadratic path is back`,
        ),
      );
    }, HARD_TIMEOUT_MS);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`fuzz child exited with ${code ?? signal}: ${stderr}`));
      resolve(
        stdout
          .trimEnd()
          .split("\n")
          .map((line) => JSON.parse(line) as Outcome),
      );
    });
  });
}

describe.each(SEEDS)("parseShellCommand fuzz, seed %i", (seed) => {
  it(
    "every input parses or is refused with a reason, and nothing hangs",
    async () => {
      const cases = fuzzCases(seed);
      const outcomes = await runChild(seed);
      expect(outcomes).toHaveLength(cases.length);
      const wrong: string[] = [];
      for (const [index, fuzz] of cases.entries()) {
        const outcome = outcomes[index] as Outcome;
        const where = `${fuzz.group} #${index} ${JSON.stringify(fuzz.input.slice(0, 60))}`;
        if (outcome.threw !== undefined || outcome.shape !== undefined) {
          wrong.push(`${where}: ${outcome.threw ?? `returned ${outcome.shape}`}`);
          continue;
        }
        if (typeof outcome.ok !== "boolean" || typeof outcome.commands !== "number") {
          wrong.push(`${where}: not a ShellParse (${JSON.stringify(outcome)})`);
          continue;
        }
        if (!outcome.ok && (typeof outcome.reason !== "string" || outcome.reason.length === 0))
          wrong.push(`${where}: refused without a reason`);
        else if (fuzz.expect === "ok" && !outcome.ok) wrong.push(`${where}: refused (${outcome.reason})`);
        else if (fuzz.expect === "refused" && outcome.ok) wrong.push(`${where}: accepted`);
        else if (fuzz.reason && !fuzz.reason.test(String(outcome.reason)))
          wrong.push(`${where}: reason ${JSON.stringify(outcome.reason)} does not match ${fuzz.reason}`);
      }
      expect(wrong.slice(0, 20)).toEqual([]);
    },
    HARD_TIMEOUT_MS + 10_000,
  );
});

describe("fuzz inputs", () => {
  it("are the same for the same seed and cover every group", () => {
    const first = fuzzCases(7);
    expect(fuzzCases(7).map((c) => c.input)).toEqual(first.map((c) => c.input));
    expect(new Set(first.map((c) => c.group))).toEqual(
      new Set([
        "random bytes",
        "random shell tokens",
        "random code points",
        "invisible character at every position",
        "deep nesting",
        "16 KB of one metacharacter",
      ]),
    );
    expect(first.filter((c) => c.input.length === 16_384).length).toBeGreaterThan(40);
  });
});
