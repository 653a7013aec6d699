/**
 * The exec gate's added time per command: `analyzeCommand` + `decideExec` (parse, PATH lookup,
 * glob expansion, option grammar, realpath checks) over every command of
 * fixtures/exec-attacks.json, in a state dir laid out like the corpus test. Baseline in the same
 * run: spawning `/bin/true` (what every exec pays anyway). Target: ≤ 1 ms per command at p95.
 */
import { execFile } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { report, suite } from "@claw/bench-harness";
import { analyzeCommand, decideExec, type ExecPolicy } from "../src/index.js";

interface Case {
  id: string;
  command: string;
  setup?: { files?: Record<string, string>; symlinks?: Record<string, string> };
}
const corpus = JSON.parse(
  readFileSync(new URL("../../../fixtures/exec-attacks.json", import.meta.url), "utf8"),
) as { workspace: Record<string, string>; attacks: Case[]; safe: Case[] };
const policy: ExecPolicy = { security: "allowlist", ask: "on-miss" };
const PATH = "/usr/local/bin:/usr/bin:/bin";

const base = realpathSync(mkdtempSync(join(tmpdir(), "claw-exec-gate-bench-")));
try {
  // One workspace per case, prepared up front: the timed part is the gate only.
  const prepared = [...corpus.attacks, ...corpus.safe].map((entry, n) => {
    const workspace = join(base, `state-${n}`, "workspace");
    mkdirSync(workspace, { recursive: true });
    writeFileSync(join(workspace, "..", "gateway.token"), "token\n");
    for (const [path, content] of Object.entries({ ...corpus.workspace, ...entry.setup?.files })) {
      mkdirSync(dirname(join(workspace, path)), { recursive: true });
      writeFileSync(join(workspace, path), content);
    }
    for (const [path, target] of Object.entries(entry.setup?.symlinks ?? {})) {
      mkdirSync(dirname(join(workspace, path)), { recursive: true });
      symlinkSync(target, join(workspace, path));
    }
    return { command: entry.command, workspace };
  });
  const gate = async (entry: { command: string; workspace: string }) =>
    decideExec(
      policy,
      await analyzeCommand(entry.command, {
        cwd: entry.workspace,
        path: PATH,
        workspaceRoot: entry.workspace,
      }),
      [],
    );

  let next = 0;
  const rows = await suite("exec gate", {
    baseline: {
      name: "spawn /bin/true",
      fn: () =>
        new Promise<void>((resolve, reject) => execFile("/bin/true", (e) => (e ? reject(e) : resolve()))),
    },
    cases: [
      {
        name: `analyze + decide, one corpus command per call (${prepared.length} in turn)`,
        fn: () => gate(prepared[next++ % prepared.length] as (typeof prepared)[number]),
        target: { maxMedianMs: 1 },
      },
    ],
    minSamples: 200,
    minTimeMs: 1000,
  });

  // Per-command figures: the median of 20 runs of each command, then p50/p95 over the corpus.
  const perCommand: number[] = [];
  for (const entry of prepared) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await gate(entry);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    perCommand.push(times[10] ?? 0);
  }
  perCommand.sort((a, b) => a - b);
  const at = (p: number) =>
    perCommand[Math.min(perCommand.length - 1, Math.floor((p / 100) * perCommand.length))] ?? 0;
  const spawn = { name: rows[0]?.name ?? "spawn /bin/true", value: rows[0]?.medianMs ?? 0 };
  report("exec gate", "added per command, p50 over the corpus", at(50), "ms", {
    baseline: spawn,
    target: { max: 1 },
  });
  report("exec gate", "added per command, p95 over the corpus", at(95), "ms", {
    baseline: spawn,
    target: { max: 1 },
  });
  report("exec gate", "slowest corpus command", at(100), "ms", { baseline: spawn });
} finally {
  rmSync(base, { recursive: true, force: true });
}
