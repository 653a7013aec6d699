/**
 * Renders a run's events the same way for the gateway and `--local`: assistant text streams to
 * stdout as it arrives, tool calls go to stderr one compact line each, and the terminal state
 * becomes the exit code. Model, tool and gateway text is sanitised before it is styled or written
 * (`@claw/client/terminal-text`), so a reply cannot drive the terminal; `--json` escapes them instead.
 */
import type { AgentEvent, FailoverEventData } from "@claw/client";
import { createDeltaSanitizer, sanitizeTerminalText } from "@claw/client/terminal-text";
import { type CommandContext, EXIT_ABORTED, EXIT_FAILURE, EXIT_OK } from "../../context.js";
import { toJson } from "../../render/table.js";

export interface RunOutcome {
  runId: string;
  status: "ok" | "error" | "aborted" | "timeout";
  text?: string;
  error?: string;
  usage?: unknown;
  /** "provider/model" that answered, when the run said so. */
  model?: string;
  /** What the fallback loop did, in order: each candidate that failed or was skipped, and why. */
  failover?: FailoverStep[];
}

/** One candidate the fallback loop moved past. */
export interface FailoverStep {
  model: string;
  profileId?: string;
  outcome: "failed" | "skipped";
  reason: string;
  /** Why a skipped candidate was not called: no credentials, cooling down, disabled. */
  skip?: string;
  status?: number;
}

/** A person's words for a failover step: "anthropic/claude-opus-4-6: no credentials configured". */
export function describeStep(step: FailoverStep): string {
  const profile = step.profileId ? ` (profile ${step.profileId})` : "";
  if (step.outcome === "skipped")
    return `${step.model}${profile} skipped: ${step.skip === "no_profiles" ? "no credentials configured" : `${step.skip ?? "cooling down"} after ${step.reason}`}`;
  return `${step.model}${profile} failed: ${step.reason}${step.status !== undefined ? ` (HTTP ${step.status})` : ""}`;
}

function toStep(data: FailoverEventData): FailoverStep | undefined {
  if (data.type === "attempt_failed")
    return {
      model: `${data.provider}/${data.model}`,
      ...(data.profileId ? { profileId: data.profileId } : {}),
      outcome: "failed",
      reason: data.reason,
      ...(data.status !== undefined ? { status: data.status } : {}),
    };
  if (data.type === "candidate_skipped")
    return {
      model: `${data.provider}/${data.model}`,
      outcome: "skipped",
      reason: data.reason,
      skip: data.skip,
    };
  return undefined;
}

export interface RunRenderer {
  event(event: AgentEvent): void;
  /** Prints the final newline, or the whole text when nothing streamed; returns the exit code. */
  finish(outcome: RunOutcome): number;
}

const MAX_ARGS = 80;

function compactArgs(args: unknown): string {
  if (args === undefined) return "";
  const raw = typeof args === "string" ? args : JSON.stringify(args);
  // JSON escapes C0 controls, not C1 or bidi ones.
  const text = sanitizeTerminalText(raw);
  return text.length > MAX_ARGS ? `${text.slice(0, MAX_ARGS - 1)}…` : text;
}

/** The exit code of a terminal run state: ok 0, error 1, aborted/timeout 4. */
export function exitCodeOf(status: RunOutcome["status"]): number {
  if (status === "ok") return EXIT_OK;
  if (status === "aborted" || status === "timeout") return EXIT_ABORTED;
  return EXIT_FAILURE;
}

/**
 * @example
 * const renderer = createRunRenderer(context, { json: false });
 * for await (const ev of handle.events) renderer.event(ev);
 * return renderer.finish(await handle.result);
 */
export function createRunRenderer(context: CommandContext, options: { json: boolean }): RunRenderer {
  const { io, style } = context;
  let streamed = "";
  const safeDelta = createDeltaSanitizer();
  let answeredBy: string | undefined;
  const steps: FailoverStep[] = [];
  return {
    event(event) {
      if (event.stream === "lifecycle" && event.data.phase === "failover") {
        const step = toStep(event.data);
        if (step) steps.push(step);
      }
      if (event.stream === "lifecycle" && event.data.phase === "end" && event.data.model)
        answeredBy = event.data.model;
      if (options.json) return;
      if (event.stream === "assistant" && event.data.kind === undefined) {
        const safe = safeDelta.push(event.data.delta);
        streamed += safe;
        if (safe !== "") io.stdout(safe);
      } else if (event.stream === "tool" && event.data.phase === "start") {
        const { name, args } = event.data;
        io.stderr(
          `${style.dim("·")} ${style.bold(sanitizeTerminalText(name))} ${style.dim(compactArgs(args))}\n`,
        );
      } else if (event.stream === "tool" && event.data.phase === "result" && event.data.isError) {
        const detail = event.data.skipped ? "skipped" : compactArgs(event.data.result);
        io.stderr(`${style.red("✗")} ${sanitizeTerminalText(event.data.name)} failed: ${detail}\n`);
      }
    },
    finish(result) {
      const outcome: RunOutcome = {
        ...result,
        ...(answeredBy ? { model: answeredBy } : {}),
        ...(steps.length > 0 ? { failover: steps } : {}),
      };
      if (options.json) {
        io.stdout(toJson(outcome));
        return exitCodeOf(outcome.status);
      }
      const held = safeDelta.end();
      if (held !== "") {
        streamed += held;
        io.stdout(held);
      }
      if (streamed === "" && outcome.text) {
        streamed = sanitizeTerminalText(outcome.text);
        io.stdout(streamed);
      }
      if (streamed !== "" && !streamed.endsWith("\n")) io.stdout("\n");
      // Fallback is never silent: say who answered and why the others did not.
      // (A failed run's error already lists every attempt.)
      if (steps.length > 0 && outcome.status === "ok") {
        const by = outcome.model ? `answered by ${outcome.model}; ` : "";
        io.stderr(
          `${style.yellow("fallback:")} ${sanitizeTerminalText(`${by}${steps.map(describeStep).join("; ")}`)}\n`,
        );
      }
      if (outcome.status !== "ok") {
        const why = outcome.error ? `: ${sanitizeTerminalText(outcome.error)}` : "";
        io.stderr(
          `${style.red("claw:")} the run ${outcome.status === "error" ? "failed" : `ended: ${outcome.status}`}${why} (run ${outcome.runId})\n`,
        );
      }
      return exitCodeOf(outcome.status);
    },
  };
}
