/**
 * Issue #32 at the tool level: `exec` with a carriage return, a no-break space, a line
 * separator, a form feed or a vertical tab in the command comes back promptly — asking a person
 * (and saying which character) under an allowlist, running as written without approvals — and the
 * process keeps answering a health request meanwhile. The runs happen in a child with a hard
 * timeout, so a reader that hangs again fails here instead of hanging CI.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const HARD_TIMEOUT_MS = 30_000;

interface Run {
  setup: string;
  command: string;
  isError: boolean;
  text: string;
  approvals: { reason: string; health: string }[];
  after: string;
}

function runFixture(): Promise<Run[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--conditions=@claw/source",
        "--import",
        "tsx",
        join(import.meta.dirname, "fixtures-exec-invisible.ts"),
      ],
      {
        cwd: join(import.meta.dirname, ".."),
        stdio: ["ignore", "pipe", "pipe"],
      },
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
      reject(
        new Error(
          `exec did not answer within ${HARD_TIMEOUT_MS} ms (runs so far: ${stdout.split("\n").length - 1}): the shell reader hangs again`,
        ),
      );
    }, HARD_TIMEOUT_MS);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`exec fixture exited with ${code ?? signal}: ${stderr}`));
      resolve(
        stdout
          .trimEnd()
          .split("\n")
          .map((line) => JSON.parse(line) as Run),
      );
    });
  });
}

const EXPECTED = [
  { command: "ls\r", refusal: "U+000D (carriage return) at character 3" },
  { command: "echo a\u00a0b", refusal: "U+00A0 (no-break space) at character 7" },
  { command: "echo\u2028x", refusal: "U+2028 (line separator) at character 5" },
  { command: "\f", refusal: "U+000C (form feed) at character 1" },
  { command: "\v", refusal: "U+000B (vertical tab) at character 1" },
];

describe("exec with control or invisible characters (issue #32)", () => {
  it(
    "answers every run promptly and keeps serving health",
    async () => {
      const runs = await runFixture();
      expect(runs).toHaveLength(EXPECTED.length * 3);
      const find = (setup: string, command: string) =>
        runs.find((r) => r.setup === setup && r.command === command);
      for (const { command, refusal } of EXPECTED) {
        const asked = find("allowlist, ask on-miss", command);
        expect(asked?.approvals).toEqual([
          {
            reason: expect.stringContaining(
              `the command cannot be analysed: the command contains ${refusal}`,
            ),
            health: "ok",
          },
        ]);
        expect(asked).toMatchObject({
          isError: true,
          text: expect.stringMatching(/^Command not run: the user denied it/),
        });

        const denied = find("allowlist, ask off", command);
        expect(denied?.approvals).toEqual([]);
        expect(denied).toMatchObject({ isError: true, text: expect.stringContaining(refusal) });

        const ran = find("no approvals", command);
        expect(ran?.text).toMatch(/\[exit code \d+\]/);
        for (const run of [asked, denied, ran]) expect(run?.after).toBe("ok");
      }
      expect(find("no approvals", "echo a\u00a0b")?.text).toMatch(/^a\u00a0b\n/);
    },
    HARD_TIMEOUT_MS + 10_000,
  );
});
