/** `claw memory status | index [--force] | search QUERY`. */
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import { intFlag, type ParsedCommandArgs, stringFlag } from "../../args.js";
import { loadCliConfig } from "../../cli-config.js";
import { type CommandContext, type CommandModule, EXIT_OK, UsageError } from "../../context.js";
import { pickAgent } from "../../local-state/agents.js";
import { createProgressBar } from "../../render/progress.js";
import { toJson } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";
import { openAgentMemory } from "./open.js";

async function withMemory<T>(
  values: ParsedCommandArgs["values"],
  context: CommandContext,
  fn: (memory: Awaited<ReturnType<typeof openAgentMemory>>, agentId: string) => Promise<T>,
): Promise<T> {
  const { config, paths } = loadCliConfig(context);
  const agent = pickAgent(config, stringFlag(values, "agent"));
  const memory = await openAgentMemory(context, config, paths.stateDir, agent.id);
  try {
    return await fn(memory, agent.id);
  } finally {
    await memory.close();
  }
}

async function status({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  return withMemory(values, context, async (memory, agentId) => {
    const s = await memory.status();
    if (values.json) context.io.stdout(toJson({ agentId, ...s }));
    else
      context.io.stdout(
        [
          `agent      ${agentId}`,
          `index      ${s.location} (${s.backend})`,
          `workspace  ${s.workspaceDir}`,
          `provider   ${s.provider}${s.model ? ` (${s.model}, ${s.dims ?? "?"} dims)` : " — keyword search only; set agents.defaults.memorySearch.provider for vectors"}`,
          `contents   ${s.counts.files} file(s), ${s.counts.chunks} chunk(s)${s.stale ? context.style.yellow(" — stale: the next index rebuilds") : ""}`,
          "",
        ].join("\n"),
      );
    return EXIT_OK;
  });
}

async function index({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  return withMemory(values, context, async (memory, agentId) => {
    const bar = createProgressBar(context.io, `indexing ${agentId}`);
    const result = await memory
      .sync({
        force: values.force === true,
        onProgress: (p) => (p.phase === "done" ? bar.done() : bar.update(p.done, p.total, p.path ?? p.phase)),
      })
      .finally(() => bar.done());
    if (values.json) context.io.stdout(toJson({ agentId, ...result }));
    else
      context.io.stdout(
        `${context.style.green("✓")} indexed ${agentId}: ${result.added} added, ${result.updated} updated, ${result.removed} removed, ${result.unchanged} unchanged; ${result.chunksEmbedded} chunk(s) embedded${result.rebuilt ? " (rebuilt)" : ""} in ${result.durationMs} ms\n`,
      );
    return EXIT_OK;
  });
}

async function search({ values, positionals }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const query = positionals.join(" ").trim();
  if (query === "")
    throw new UsageError("memory search needs a QUERY", 'e.g. claw memory search "database choice"');
  const limit = intFlag(values, "limit");
  return withMemory(values, context, async (memory, agentId) => {
    const response = await memory.search(query, limit ? { maxResults: limit } : {});
    if (values.json) {
      context.io.stdout(toJson({ agentId, query, ...response }));
      return EXIT_OK;
    }
    if (response.notice) context.io.stderr(`${context.style.dim(sanitizeTerminalText(response.notice))}\n`);
    if (response.results.length === 0) context.io.stdout(`no matches for "${query}"\n`);
    for (const r of response.results)
      context.io.stdout(
        `${context.style.bold(sanitizeTerminalText(`${r.path}:${r.startLine}-${r.endLine}`))} ${context.style.dim(r.score.toFixed(2))}\n${sanitizeTerminalText(r.snippet.trim())}\n\n`,
      );
    return EXIT_OK;
  });
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("memory", { status, index, search }, args, context);
export default { run } satisfies CommandModule;
