/**
 * Renders a run's events the same way for the gateway and `--local`: assistant text streams to
 * stdout as it arrives, tool calls go to stderr one compact line each, and the terminal state
 * becomes the exit code.
 */
import type { AgentEvent } from "@claw/client";
import { type CommandContext, EXIT_ABORTED, EXIT_FAILURE, EXIT_OK } from "../../context.js";

export interface RunOutcome {
  runId: string;
  status: "ok" | "error" | "aborted" | "timeout";
  text?: string;
  error?: string;
  usage?: unknown;
}

export interface RunRenderer {
  event(event: AgentEvent): void;
  /** Prints the final newline, or the whole text when nothing streamed; returns the exit code. */
  finish(outcome: RunOutcome): number;
}

const MAX_ARGS = 80;

function compactArgs(args: unknown): string {
  if (args === undefined) return "";
  const text = typeof args === "string" ? args : JSON.stringify(args);
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
  return {
    event(event) {
      if (options.json) return;
      if (event.stream === "assistant" && event.data.kind === undefined) {
        streamed += event.data.delta;
        io.stdout(event.data.delta);
      } else if (event.stream === "tool" && event.data.phase === "start") {
        const { name, args } = event.data;
        io.stderr(`${style.dim("·")} ${style.bold(name)} ${style.dim(compactArgs(args))}\n`);
      } else if (event.stream === "tool" && event.data.phase === "result" && event.data.isError) {
        const detail = event.data.skipped ? "skipped" : compactArgs(event.data.result);
        io.stderr(`${style.red("✗")} ${event.data.name} failed: ${detail}\n`);
      }
    },
    finish(outcome) {
      if (options.json) {
        io.stdout(`${JSON.stringify(outcome, null, 2)}\n`);
        return exitCodeOf(outcome.status);
      }
      if (streamed === "" && outcome.text) {
        streamed = outcome.text;
        io.stdout(outcome.text);
      }
      if (streamed !== "" && !streamed.endsWith("\n")) io.stdout("\n");
      if (outcome.status !== "ok") {
        const why = outcome.error ? `: ${outcome.error}` : "";
        io.stderr(
          `${style.red("claw:")} the run ${outcome.status === "error" ? "failed" : `ended: ${outcome.status}`}${why} (run ${outcome.runId})\n`,
        );
      }
      return exitCodeOf(outcome.status);
    },
  };
}
