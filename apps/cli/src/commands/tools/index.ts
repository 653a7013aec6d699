/**
 * `claw tools explain [TOOL]`: for an agent, channel and sender, every tool Claw offers that agent
 * (the same list the gateway assembles), kept or removed and by which written rule (the same
 * tool-policy pipeline the runtime applies); with TOOL, that one tool.
 */
import {
  didYouMean,
  resolveAgentConfig,
  resolveExecPolicy,
  resolveSessionSandbox,
  sandboxToolRules,
} from "@claw/config";
import { buildMainSessionKey, parseModelRef, subagentDepth } from "@claw/ids";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { loadCliConfig } from "../../cli-config.js";
import { type CommandContext, type CommandModule, EXIT_OK, UsageError } from "../../context.js";
import { pickAgent } from "../../local-state/agents.js";
import { toJson } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";

async function explain({ values, positionals }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const { config } = loadCliConfig(context);
  const agent = pickAgent(config, stringFlag(values, "agent"));
  const sender = stringFlag(values, "sender") ?? "owner";
  if (sender !== "owner" && sender !== "other")
    throw new UsageError(`--sender must be "owner" or "other", got "${sender}"`);
  const modelRef = stringFlag(values, "model") ?? agent.primary;
  const model = parseModelRef(modelRef);
  if (!model) throw new UsageError(`--model must look like provider/model, got "${modelRef}"`);
  const channel = stringFlag(values, "channel");
  const session = stringFlag(values, "session") ?? buildMainSessionKey(agent.id, config.session.mainKey);
  const [{ explainToolPolicy }, { absentTools, createModelResolver, offeredToolNames }] = await Promise.all([
    import("@claw/tool-policy"),
    import("@claw/app-gateway"),
  ]);
  // The models the gateway would know (whether one accepts images decides the image tool).
  const models = createModelResolver(config, context.io.embedded?.models ?? []);
  const offered = offeredToolNames(config, agent.id, context.io.env, models);
  const [only, ...extra] = positionals;
  if (extra.length > 0)
    throw new UsageError("tools explain takes at most one TOOL", "e.g. claw tools explain exec");
  const absent = absentTools(config, agent.id, context.io.env, models).filter(
    (a) => only === undefined || a.tool === only,
  );
  if (only !== undefined && absent.length > 0)
    return explainAbsent(absent, agent.id, values.json === true, context);
  if (only !== undefined && !offered.includes(only)) {
    const hint = didYouMean(only, offered);
    throw new UsageError(
      `"${only}" is not a tool agent ${agent.id} is offered${hint ? ` — ${hint}` : ""}`,
      `its tools: ${offered.join(", ")}`,
    );
  }
  const resolved = resolveAgentConfig(config, agent.id);
  const sandbox = sandboxToolRules(resolveSessionSandbox(config, agent.id, session));
  const explanation = explainToolPolicy(
    {
      global: config.tools,
      agent: { id: agent.id, ...(resolved?.tools ?? config.agents.defaults.tools) },
      model: { provider: model.provider, id: model.modelId },
      ...(channel ? { channel: { id: channel } } : {}),
      ...(sandbox ? { sandbox } : {}),
      subagent: {
        depth: subagentDepth(session),
        maxSpawnDepth: resolved?.subagents?.maxSpawnDepth ?? config.agents.defaults.subagents?.maxSpawnDepth,
        tools: config.tools.subagents.tools,
      },
      sender: { isOwner: sender === "owner" },
    },
    only === undefined ? offered : [only],
  );
  // The same resolution the exec tool uses for this session (defaults per session kind).
  const exec = explanation.tools.includes("exec") ? resolveExecPolicy(config, agent.id, session) : undefined;
  if (values.json) {
    context.io.stdout(
      toJson({
        agentId: agent.id,
        model: modelRef,
        channel: channel ?? null,
        sender,
        session,
        sandboxed: sandbox !== undefined,
        ...(exec ? { execPolicy: exec } : {}),
        ...explanation,
        absent,
      }),
    );
    return EXIT_OK;
  }
  const { green, red, dim, yellow, bold } = context.style;
  const width = Math.max(...explanation.verdicts.map((v) => v.tool.length)) + 2;
  const lines = [
    bold(
      `agent ${agent.id} · model ${modelRef} · channel ${channel ?? "(none)"} · sender ${sender}${sandbox ? " · sandboxed" : ""}`,
    ),
    ...explanation.verdicts.map((v) =>
      v.kept
        ? `  ${green("kept   ")} ${v.tool}`
        : `  ${red("removed")} ${v.tool.padEnd(width)}${dim(`by ${v.removedBy?.rule ?? "?"}`)}${
            v.alsoRemovedBy.length > 0 ? dim(`; also ${v.alsoRemovedBy.map((r) => r.rule).join("; ")}`) : ""
          }`,
    ),
    ...absent.map((a) => `  ${dim("absent ")} ${a.tool.padEnd(width)}${dim(a.reason)}`),
    ...(exec
      ? [
          `exec policy: security ${exec.security} (${exec.source.security}), ask ${exec.ask} (${exec.source.ask})`,
        ]
      : []),
    ...explanation.warnings.map((w) => `${yellow("warning:")} ${w.message}`),
    "",
    `${explanation.tools.length} of ${explanation.verdicts.length} tools kept`,
  ];
  context.io.stdout(`${lines.join("\n")}\n`);
  return EXIT_OK;
}

/** `claw tools explain TOOL` for a tool this build has but the config does not offer: the reason. */
function explainAbsent(
  absent: readonly { tool: string; reason: string }[],
  agentId: string,
  json: boolean,
  context: CommandContext,
): number {
  if (json) context.io.stdout(toJson({ agentId, tools: [], verdicts: [], absent }));
  else
    context.io.stdout(
      `${absent.map((a) => `${a.tool}: not offered to agent ${agentId} — ${a.reason}`).join("\n")}\n`,
    );
  return EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("tools", { explain }, args, context);
export default { run } satisfies CommandModule;
