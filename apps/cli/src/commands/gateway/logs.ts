/** `claw gateway logs [-f] [-n N] [--json]`: the gateway's JSON-lines log, formatted for people. */

import { closeSync, existsSync, openSync, readSync, statSync, unwatchFile, watchFile } from "node:fs";
import { join } from "node:path";
import { sanitizeTerminalText, terminalSafeJson } from "@claw/client/terminal-text";
import { intFlag, type ParsedCommandArgs } from "../../args.js";
import { loadCliConfig } from "../../cli-config.js";
import { CliError, type CommandContext, EXIT_OK } from "../../context.js";
import type { Style } from "../../io.js";

/** `2026-01-16T14:30:00.000Z warn failover: … key=value` from one JSON log line. */
export function formatLogLine(line: string, style: Style): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return sanitizeTerminalText(line);
  }
  const { ts, level, msg, ...fields } = record;
  const paint = level === "error" ? style.red : level === "warn" ? style.yellow : style.dim;
  const extra = Object.entries(fields)
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(" ");
  return `${style.dim(sanitizeTerminalText(String(ts ?? "")))} ${paint(sanitizeTerminalText(String(level ?? "")).padEnd(5))} ${sanitizeTerminalText(String(msg ?? ""))}${extra ? ` ${style.dim(sanitizeTerminalText(extra))}` : ""}`;
}

function readFrom(path: string, start: number): { text: string; end: number } {
  const size = statSync(path).size;
  if (size <= start) return { text: "", end: size < start ? 0 : start };
  const buffer = Buffer.alloc(size - start);
  const fd = openSync(path, "r");
  try {
    readSync(fd, buffer, 0, buffer.length, start);
  } finally {
    closeSync(fd);
  }
  return { text: buffer.toString("utf8"), end: size };
}

export async function gatewayLogs({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const count = intFlag(values, "lines") ?? 50;
  const { paths } = loadCliConfig(context);
  const path = join(paths.stateDir, "logs", "gateway.log");
  if (!existsSync(path))
    throw new CliError(`no gateway log at ${path}`, {
      hint: "the gateway writes it once started: `claw gateway run`",
    });
  const show = (line: string) =>
    context.io.stdout(`${values.json ? terminalSafeJson(line) : formatLogLine(line, context.style)}\n`);
  const first = readFrom(path, 0);
  for (const line of first.text.split("\n").filter(Boolean).slice(-count)) show(line);
  if (!values.follow) return EXIT_OK;
  let offset = first.end;
  let partial = "";
  await new Promise<void>((resolve) => {
    watchFile(path, { interval: 250 }, () => {
      if (!existsSync(path)) return;
      const next = readFrom(path, offset);
      offset = next.end;
      const lines = (partial + next.text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines.filter(Boolean)) show(line);
    });
    process.once("SIGINT", () => {
      unwatchFile(path);
      resolve();
    });
  });
  return EXIT_OK;
}
