/** `claw sessions list|show|reset|delete`, through the gateway. */

import type { SessionRow } from "@claw/client";
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import { formatCostUsd } from "@claw/providers";
import { intFlag, type ParsedCommandArgs, stringFlag } from "../../args.js";
import type { SubcommandSpec } from "../../command-spec.js";
import { CliError, type CommandContext, type CommandModule, EXIT_OK, UsageError } from "../../context.js";
import { withGateway } from "../../gateway-target.js";
import { ago, renderTable, toJson, untrustedRows } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";

function oneKey(positionals: string[], spec: SubcommandSpec): string {
  const [key, ...extra] = positionals;
  if (key === undefined || extra.length > 0)
    throw new UsageError(
      `sessions ${spec.name} needs one session KEY`,
      "list them with `claw sessions list`",
    );
  return key;
}

async function list({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const limit = intFlag(values, "limit");
  const agentId = stringFlag(values, "agent");
  const search = stringFlag(values, "search");
  const result = await withGateway(context, values, (client) =>
    client.request("sessions.list", {
      ...(limit ? { limit } : {}),
      ...(agentId ? { agentId } : {}),
      ...(search ? { search } : {}),
    }),
  );
  if (values.json) context.io.stdout(toJson(result));
  else if (result.sessions.length === 0)
    context.io.stdout('no sessions yet — start one with `claw agent -m "hello"`\n');
  else
    context.io.stdout(
      renderTable(
        ["KEY", "AGENT", "MODEL", "COST", "UPDATED", "LABEL"],
        untrustedRows(
          result.sessions.map((s) => [
            s.key,
            s.agentId ?? "-",
            modelColumn(s),
            s.estimatedCostUsd === undefined ? "-" : formatCostUsd(s.estimatedCostUsd),
            ago(s.updatedAt),
            s.label ?? "",
          ]),
        ),
      ),
    );
  return EXIT_OK;
}

/** The session's model, and the one that answered last when a fallback did. */
function modelColumn(row: SessionRow): string {
  const model = row.model ?? "-";
  return row.lastModel && row.lastModel !== row.model ? `${model} (answered: ${row.lastModel})` : model;
}

const MAX_TOOL_RESULT_CHARS = 2_000;

/** The text blocks of string or block content. */
function blockText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block: { type?: string; text?: string; name?: string }) =>
      block.type === "text"
        ? (block.text ?? "")
        : block.type === "toolCall"
          ? `[tool ${block.name ?? ""}]`
          : block.type === "image"
            ? "[image]"
            : "",
    )
    .filter(Boolean)
    .join("\n");
}

/** A transcript message's text; a tool result shows its tool, error flag and (bounded) output. */
function messageText(content: unknown): string {
  if (typeof content !== "object" || content === null || Array.isArray(content)) return blockText(content);
  const result = content as { toolName?: string; isError?: boolean; content?: unknown };
  const text = blockText(result.content);
  const shown =
    text.length > MAX_TOOL_RESULT_CHARS
      ? `${text.slice(0, MAX_TOOL_RESULT_CHARS)}\n… (${text.length - MAX_TOOL_RESULT_CHARS} more characters; --json shows all)`
      : text;
  return `[${result.toolName ?? "tool"}${result.isError ? " failed" : ""}]\n${shown}`;
}

async function show(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
) {
  const key = oneKey(positionals, spec);
  const limit = intFlag(values, "limit") ?? 50;
  const history = await withGateway(context, values, async (client) => {
    const found = await client.request("sessions.list", { search: key });
    if (!found.sessions.some((s) => s.key === key))
      throw new CliError(`no session "${key}"`, { hint: "list them with `claw sessions list`" });
    return client.request("chat.history", { sessionKey: key, limit });
  });
  if (values.json) {
    context.io.stdout(toJson({ key, ...history }));
    return EXIT_OK;
  }
  const { bold, dim } = context.style;
  for (const m of history.messages) {
    const text = sanitizeTerminalText(messageText(m.content));
    context.io.stdout(
      `${bold(sanitizeTerminalText(m.role))}${m.timestamp ? dim(` ${new Date(m.timestamp).toISOString()}`) : ""}\n${text}\n\n`,
    );
  }
  return EXIT_OK;
}

async function reset(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
) {
  const key = oneKey(positionals, spec);
  const result = await withGateway(context, values, (client) =>
    client.request("sessions.reset", { key, reason: "reset" }),
  );
  context.io.stdout(`${context.style.green("✓")} ${key} now uses session ${result.sessionId ?? "(new)"}\n`);
  return EXIT_OK;
}

async function remove(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
) {
  const key = oneKey(positionals, spec);
  const result = await withGateway(context, values, (client) =>
    client.request("sessions.delete", {
      key,
      deleteTranscript: values["keep-transcript"] !== true,
    }),
  );
  if (!result.deleted)
    throw new CliError(`no session "${key}"`, { hint: "list them with `claw sessions list`" });
  context.io.stdout(`${context.style.green("✓")} deleted ${key}\n`);
  return EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("sessions", { list, show, reset, delete: remove }, args, context);
export default { run } satisfies CommandModule;
