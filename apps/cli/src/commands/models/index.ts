/** `claw models list` (the gateway's catalog) and `claw models status` (credentials, cooldowns and why). */
import { parseModelRef } from "@claw/ids";
import { isKeylessProvider } from "@claw/providers";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { loadCliConfig } from "../../cli-config.js";
import { type CommandContext, type CommandModule, EXIT_OK } from "../../context.js";
import { withGateway } from "../../gateway-target.js";
import { listAgents } from "../../local-state/agents.js";
import { readCooldowns } from "../../local-state/cooldowns.js";
import { listCredentials } from "../../local-state/credentials.js";
import { renderTable, toJson, until } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";

async function list({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const provider = stringFlag(values, "provider");
  const { models } = await withGateway(context, values, (client) => client.request("models.list", {}));
  const shown = models.filter(
    (m) => (provider === undefined || m.provider === provider) && (!values.available || m.available),
  );
  if (values.json) {
    context.io.stdout(toJson({ models: shown }));
    return EXIT_OK;
  }
  const { green, dim } = context.style;
  context.io.stdout(
    renderTable(
      ["MODEL", "CONTEXT", "REASONING", "CREDENTIAL"],
      shown.map((m) => [
        `${m.provider}/${m.id}`,
        m.contextWindow ? `${Math.round(m.contextWindow / 1000)}k` : "-",
        m.reasoning ? "yes" : "no",
        m.available ? green("yes") : dim(m.provider === "ollama" ? "not answering" : "no key"),
      ]),
    ),
  );
  return EXIT_OK;
}

async function status({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const { config, paths } = loadCliConfig(context);
  const { createOllamaProbe, DEFAULT_OLLAMA_URL } = await import("@claw/app-gateway");
  const [credentials, cooldowns, ollamaAnswers] = await Promise.all([
    listCredentials(config, paths.stateDir, context.io.env),
    readCooldowns(paths.stateDir),
    createOllamaProbe().reachable(config.models.providers?.ollama?.baseUrl ?? DEFAULT_OLLAMA_URL),
  ]);
  const agents = listAgents(config).map((a) => {
    const chain = [a.primary, ...a.fallbacks].map((ref) => {
      const provider = parseModelRef(ref)?.provider ?? ref;
      const keys = credentials.filter((c) => c.provider === provider);
      const cooling = cooldowns.filter(
        (c) =>
          keys.some((k) => k.profileId === c.profileId) &&
          (c.scope === "profile" || c.scope === "disabled" || ref.endsWith(`/${c.scope}`)),
      );
      // A local Ollama needs no key but must be running.
      const keyless = isKeylessProvider(provider) && (provider !== "ollama" || ollamaAnswers);
      const usable = (keys.length > 0 || keyless) && cooling.length < Math.max(1, keys.length);
      return { ref, provider, credentials: keys.map((k) => k.profileId), cooldowns: cooling, usable };
    });
    return { id: a.id, isDefault: a.isDefault, chain };
  });
  if (values.json) {
    context.io.stdout(toJson({ agents, credentials, cooldowns }));
    return EXIT_OK;
  }
  const { green, red, yellow, bold } = context.style;
  const lines: string[] = [];
  for (const a of agents) {
    lines.push(bold(`agent ${a.id}${a.isDefault ? " (default)" : ""}`));
    a.chain.forEach((m, i) => {
      const role = i === 0 ? "primary " : "fallback";
      const why =
        m.credentials.length === 0 && !isKeylessProvider(m.provider)
          ? red(`no credential for ${m.provider} — run \`claw onboard\` or set its API key`)
          : m.cooldowns.length > 0
            ? yellow(
                m.cooldowns
                  .map((c) => `${c.profileId} cooling (${c.reason}, ${until(c.until)} left)`)
                  .join("; "),
              )
            : green(m.credentials.length > 0 ? `ok (${m.credentials.join(", ")})` : "ok (no key needed)");
      lines.push(`  ${role}  ${m.ref}  ${why}`);
    });
  }
  lines.push("", bold("credentials"));
  if (credentials.length === 0) lines.push("  none found — run `claw onboard`");
  for (const c of credentials) lines.push(`  ${c.provider.padEnd(12)} ${c.profileId.padEnd(24)} ${c.source}`);
  lines.push("", bold("cooldowns"));
  if (cooldowns.length === 0) lines.push("  none");
  for (const c of cooldowns)
    lines.push(
      `  ${c.profileId} ${c.scope}: ${c.reason} after ${c.failures} failure(s), ${until(c.until)} left`,
    );
  context.io.stdout(`${lines.join("\n")}\n`);
  return EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("models", { list, status }, args, context);
export default { run } satisfies CommandModule;
