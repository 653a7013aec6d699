/** `claw skills list` (what the gateway loaded) and `claw skills check` (eligibility here, and why not). */

import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import { resolveAgentWorkspaceDir } from "@claw/config";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { loadCliConfig } from "../../cli-config.js";
import { type CommandContext, type CommandModule, EXIT_OK } from "../../context.js";
import { withGateway } from "../../gateway-target.js";
import { pickAgent } from "../../local-state/agents.js";
import { renderTable, toJson } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";

async function list({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const agentId = stringFlag(values, "agent");
  const { skills } = await withGateway(context, values, (client) =>
    client.request("skills.list", agentId ? { agentId } : {}),
  );
  if (values.json) context.io.stdout(toJson({ skills }));
  else if (skills.length === 0) context.io.stdout("no skills installed\n");
  else
    context.io.stdout(
      renderTable(
        ["SKILL", "SOURCE", "DESCRIPTION"],
        skills.map((s) => [s.name, s.source, s.description]),
      ),
    );
  return EXIT_OK;
}

/** The repo's bundled `skills/` folder, found the way the gateway finds it (next to its package). */
function bundledSkillsDir(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.resolve("@claw/app-gateway")));
  for (const candidate of [
    join(here, "../../../skills"),
    join(here, "../../skills"),
    join(here, "../skills"),
  ])
    if (existsSync(candidate)) return candidate;
  return undefined;
}

async function check({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const { config, paths } = loadCliConfig(context);
  const agent = pickAgent(config, stringFlag(values, "agent"));
  const { checkSkillEligibility, createBinaryLookup, loadSkills, resolveSkillDirs } = await import(
    "@claw/prompt"
  );
  const workspaceDir = resolveAgentWorkspaceDir(config, agent.id, {
    homeDir: context.io.homeDir,
    stateDir: paths.stateDir,
  });
  const loaded = await loadSkills(
    resolveSkillDirs({
      extraDirs: config.skills.load.extraDirs,
      bundledDir: bundledSkillsDir(),
      managedDir: join(paths.stateDir, "skills"),
      workspaceDir,
    }),
  );
  const env = context.io.env;
  const eligibility = {
    platform: process.platform,
    env,
    hasBinary: createBinaryLookup({ path: env.PATH, platform: process.platform }),
    config,
    skillConfig: config.skills.entries ?? {},
    allowBundled: config.skills.allowBundled,
  };
  const results = loaded.skills.map((skill) => ({
    name: skill.name,
    source: skill.source,
    ...checkSkillEligibility(skill, eligibility),
  }));
  if (values.json) {
    context.io.stdout(toJson({ agentId: agent.id, skills: results, diagnostics: loaded.diagnostics }));
    return EXIT_OK;
  }
  const { green, yellow } = context.style;
  context.io.stdout(
    renderTable(
      ["SKILL", "SOURCE", "STATUS"],
      results.map((r) => [r.name, r.source, r.eligible ? green("eligible") : yellow(`skipped: ${r.reason}`)]),
    ),
  );
  for (const d of loaded.diagnostics)
    context.io.stdout(
      `${yellow("!")} ${sanitizeTerminalText(`${d.path}${d.line ? `:${d.line}` : ""} ${d.message}`)}\n`,
    );
  return EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("skills", { list, check }, args, context);
export default { run } satisfies CommandModule;
