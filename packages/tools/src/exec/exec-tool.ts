import { type ChildProcess, spawn } from "node:child_process";
import { errorResult, type TypedTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import { type ExecApprovalsOptions, gateExec } from "../approvals/exec-gate.js";
import { prepareHiddenHostSpawn, prepareSandboxedSpawn } from "../sandbox/sandbox-command.js";
import type { SandboxResolver } from "../sandbox/sandbox-spec.js";
import type { WarmSandboxPool } from "../sandbox/warm-pool.js";
import { DEFAULT_MAX_OUTPUT_CHARS } from "../shared/options.js";
import { truncateMiddle } from "../shared/truncate.js";
import type { Workspace } from "../shared/workspace.js";
import { minimalCommandEnv } from "./command-env.js";
import { killTree, type ManagedProcess, type ProcessRegistry } from "./process-registry.js";

const ExecParams = Type.Object({
  command: Type.String({ minLength: 1, description: "Shell command to run." }),
  workdir: Type.Optional(
    Type.String({ description: "Working directory inside the workspace (default: root)." }),
  ),
  timeout: Type.Optional(
    Type.Number({
      minimum: 1,
      maximum: 7200,
      description: "Seconds before the command is killed (default 1800).",
    }),
  ),
  background: Type.Optional(
    Type.Boolean({ description: "Start in the background at once; poll it with the process tool." }),
  ),
  yieldMs: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: "Move to the background if still running after this many ms (default 10000).",
    }),
  ),
  elevated: Type.Optional(
    Type.Boolean({
      description:
        "Run on the host outside the sandbox (only when elevated exec is enabled; always needs approval).",
    }),
  ),
});

/** Whether a run may use elevated (host) exec, and if not, why. */
export type ElevatedResolver = (run: {
  sessionKey?: string;
  agentId?: string;
}) => { allowed: true } | { allowed: false; reason: string };

export interface ExecToolOptions {
  /** The whole environment commands get (default: `minimalCommandEnv(extraEnv)`, never the gateway's). */
  env?: NodeJS.ProcessEnv;
  /** Added to the minimal environment (`tools.exec.env`). */
  extraEnv?: Readonly<Record<string, string>>;
  /** Per run: the sandbox to run the command in, or undefined to run on the host. */
  sandboxFor?: SandboxResolver;
  /**
   * Per run: folders a host (unsandboxed) command must not see — the gateway passes its state dir
   * for every session but the main one. The command then runs in a mount namespace where they are
   * empty (the workspace stays visible); where bubblewrap cannot do that, it runs unhidden and the
   * session's first such result says so.
   */
  hiddenPathsFor?: (run: { sessionKey?: string; agentId?: string }) => readonly string[];
  /** The bubblewrap binary (default `bwrap` on PATH). */
  bwrapPath?: string;
  /** Sandboxes started ahead of their command (much faster sandboxed exec); cold spawns without it. */
  warmSandboxes?: WarmSandboxPool;
  shell?: string;
  maxOutputChars?: number;
  /** Default ms before a still-running command moves to the background (default 10 000). */
  backgroundMs?: number;
  /** Default command timeout in seconds (default 1800). */
  timeoutSeconds?: number;
  /** Exec policy, allowlist and approvals; without it every command runs (`security: full`). */
  approvals?: ExecApprovalsOptions;
  /** `tools.elevated`: who may ask to run on the host; without it elevated exec is refused. */
  elevated?: ElevatedResolver;
}

/** `exec`: runs a shell command in the workspace with a timeout, capped output, and backgrounding. */
export function createExecTool(
  workspace: Workspace,
  registry: ProcessRegistry,
  options: ExecToolOptions = {},
): TypedTool<typeof ExecParams> {
  const warnedSessions = new Set<string>();
  return {
    name: "exec",
    label: "Run command",
    description:
      "Run a shell command in the workspace. Long-running commands move to the background; use the process tool to poll, read logs or kill them.",
    parameters: ExecParams,
    timeoutMs: 0, // exec enforces its own timeout and backgrounding
    async execute(args, { signal, sessionKey, agentId, onUpdate }) {
      const cwd = await workspace.resolve(args.workdir ?? ".");
      const isWindows = process.platform === "win32";
      const shell = options.shell ?? (isWindows ? "cmd.exe" : "/bin/sh");
      if (args.elevated) {
        const verdict = options.elevated?.({ sessionKey, agentId }) ?? {
          allowed: false,
          reason: "elevated exec is not enabled (tools.elevated.enabled)",
        };
        if (!verdict.allowed)
          return errorResult(`Elevated exec refused: ${verdict.reason}. Run the command without "elevated".`);
      }
      const sandbox = args.elevated ? undefined : options.sandboxFor?.({ sessionKey, agentId });
      const env = options.env ?? minimalCommandEnv(options.extraEnv);
      if (options.approvals) {
        const gate = await gateExec(
          options.approvals,
          {
            command: args.command,
            cwd,
            path: env.PATH ?? "",
            workspaceRoot: workspace.root,
            agentId,
            sessionKey,
            host: sandbox ? "sandbox" : "gateway",
            elevated: args.elevated === true,
          },
          signal,
          (approval) =>
            onUpdate?.(
              textResult(`Waiting for approval ${approval.id}: ${approval.request.reason}`, {
                status: "approval-pending",
                approvalId: approval.id,
                expiresAtMs: approval.expiresAtMs,
              }),
            ),
        );
        if (!gate.run)
          return {
            ...textResult(gate.message, { status: "denied", approval: gate.approval }),
            isError: true,
          };
      }
      let file = shell;
      let argv = isWindows ? ["/c", args.command] : ["-c", args.command];
      let warm: ChildProcess | undefined;
      let notice = "";
      const place = {
        bwrapPath: options.bwrapPath ?? "bwrap",
        workspaceDir: workspace.root,
        cwd,
        shell,
        command: args.command,
      };
      const hidden = sandbox || isWindows ? [] : (options.hiddenPathsFor?.({ sessionKey, agentId }) ?? []);
      if (sandbox) {
        const prepared = await prepareSandboxedSpawn(place, sandbox);
        ({ file, argv } = prepared);
        warm = options.warmSandboxes?.take(
          { file, waitingArgs: prepared.waitingArgs, cwd, env },
          args.command,
        );
      } else if (hidden.length > 0) {
        const prepared = await prepareHiddenHostSpawn(place, hidden);
        if (prepared.ok) ({ file, argv } = prepared);
        else if (!warnedSessions.has(sessionKey ?? "")) {
          warnedSessions.add(sessionKey ?? "");
          notice = `[note: this command runs on the host and can read ${hidden.join(", ")}: ${prepared.reason}; run \`claw doctor\`]\n`;
        }
      }
      const child =
        warm ??
        spawn(file, argv, {
          cwd,
          env,
          stdio: ["ignore", "pipe", "pipe"],
          detached: !isWindows,
        });
      const managed = registry.track(args.command, child);
      const timeoutMs = (args.timeout ?? options.timeoutSeconds ?? 1800) * 1000;
      const killTimer = setTimeout(() => {
        managed.output.write(`\n[killed after ${timeoutMs / 1000} s timeout]\n`);
        killTree(child);
      }, timeoutMs);
      killTimer.unref();
      void managed.exited.then(() => clearTimeout(killTimer));

      const yieldMs = args.background ? 0 : (args.yieldMs ?? options.backgroundMs ?? 10_000);
      const onAbort = () => killTree(child);
      signal.addEventListener("abort", onAbort, { once: true });
      const finished = await Promise.race([
        managed.exited.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), yieldMs).unref()),
      ]);
      signal.removeEventListener("abort", onAbort);
      if (!finished) {
        return textResult(
          `${notice}Command is still running in the background as process ${managed.id}. Use the process tool (action "poll" or "log", id "${managed.id}") to follow it, or "kill" to stop it.`,
          { processId: managed.id, background: true },
        );
      }
      registry.forget(managed.id);
      return finishedResult(managed, options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS, notice);
    },
  };
}

export function finishedResult(managed: ManagedProcess, maxChars: number, notice = "") {
  const output = truncateMiddle(managed.output.contents(), { max: maxChars });
  const status =
    managed.signal != null ? `killed by ${managed.signal}` : `exit code ${managed.exitCode ?? "unknown"}`;
  const text = `${notice}${output.text || "(no output)"}\n[${status}]`;
  const result = textResult(text, {
    exitCode: managed.exitCode,
    signal: managed.signal,
    truncated: output.truncated,
  });
  return managed.exitCode === 0 ? result : { ...result, isError: true };
}
