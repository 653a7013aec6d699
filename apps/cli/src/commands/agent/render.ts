/**
 * Renders a run's events the same way for the gateway and `--local`: assistant text streams to
 * stdout as it arrives, tool calls go to stderr one compact line each, and the terminal state
 * becomes the exit code.
 */
import { type CommandContext, EXIT_ABORTED, EXIT_FAILURE, EXIT_OK } from "../../context.js";

export interface RunEventLike {
  stream: string;
  data: Record<string, unknown>;
}

export interface RunOutcome {
  runId: string;
  status: "ok" | "error" | "aborted" | "timeout";
  text?: string;
  error?: string;
  usage?: unknown;
}

export interface RunRenderer {
  event(event: RunEventLike): void;
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
    event({ stream, data }) {
      if (options.json) return;
      if (stream === "assistant" && data.kind === undefined && typeof data.delta === "string") {
        streamed += data.delta;
        io.stdout(data.delta);
      } else if (stream === "tool" && data.phase === "start") {
        io.stderr(
          `${style.dim("·")} ${style.bold(String(data.name))} ${style.dim(compactArgs(data.args))}\n`,
        );
      } else if (stream === "tool" && data.phase === "result" && data.isError === true) {
        const detail = data.skipped ? "skipped" : compactArgs(data.result);
        io.stderr(`${style.red("✗")} ${String(data.name)} failed: ${detail}\n`);
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
