/**
 * `claw status`: one screen (or one JSON document) with the gateway, agents, models and
 * cooldowns, channels, sessions and memory index. Local facts are shown even when the gateway is
 * down; the exit code is then 3.
 */

import { readFileSync } from "node:fs";
import { type ConfigReloadStatus, configStatusPath } from "@claw/app-gateway/paths";
import type { StatusResult } from "@claw/client";
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import { formatCostUsd } from "@claw/providers";
import type { ParsedCommandArgs } from "../../args.js";
import {
  CliError,
  type CommandContext,
  type CommandModule,
  EXIT_OK,
  EXIT_UNREACHABLE,
} from "../../context.js";
import { resolveGatewayTarget, withGateway } from "../../gateway-target.js";
import { listAgents, memoryIndexFile } from "../../local-state/agents.js";
import { readCooldowns } from "../../local-state/cooldowns.js";
import { ago, toJson, until } from "../../render/table.js";
import { runFlat } from "../../subcommands.js";

async function status({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const target = resolveGatewayTarget(context, values);
  const { config, stateDir } = target;
  const gateway = await withGateway(context, values, async (client) => {
    const [summary, models] = await Promise.all([
      client.request("status", {}),
      client.request("models.list", {}),
    ]);
    return {
      reachable: true as const,
      url: target.url,
      ...summary,
      modelsAvailable: models.models.filter((m) => m.available).length,
    };
  }).catch((error: unknown) => {
    if (error instanceof CliError && error.exitCode === EXIT_UNREACHABLE)
      return { reachable: false as const, url: target.url, error: error.message };
    throw error;
  });
  const agents = listAgents(config);
  const report: StatusReport = {
    gateway,
    stateDir,
    agents,
    cooldowns: await readCooldowns(stateDir),
    channels: Object.entries(config.channels)
      .filter(([id, value]) => id !== "defaults" && value !== undefined)
      .map(([id, value]) => ({ id, enabled: (value as { enabled?: boolean }).enabled !== false })),
    memory: agents.map((a) => memoryIndexFile(stateDir, a.id)),
    config: readReloadStatus(stateDir),
  };
  if (values.json) context.io.stdout(toJson(report));
  else context.io.stdout(renderStatus(report, context));
  return gateway.reachable ? EXIT_OK : EXIT_UNREACHABLE;
}

interface StatusReport {
  gateway:
    | ({ reachable: true; url: string; modelsAvailable: number } & StatusResult)
    | { reachable: false; url: string; error: string };
  agents: ReturnType<typeof listAgents>;
  cooldowns: Awaited<ReturnType<typeof readCooldowns>>;
  channels: { id: string; enabled: boolean }[];
  memory: ReturnType<typeof memoryIndexFile>[];
  stateDir: string;
  /** The running gateway's last config reload (written by the gateway). */
  config: ConfigReloadStatus | undefined;
}

function readReloadStatus(stateDir: string): ConfigReloadStatus | undefined {
  try {
    return JSON.parse(readFileSync(configStatusPath(stateDir), "utf8")) as ConfigReloadStatus;
  } catch {
    return undefined;
  }
}

function renderStatus(report: StatusReport, { style }: CommandContext): string {
  const ok = style.green("●");
  const bad = style.red("●");
  const g = report.gateway;
  const lines: string[] = [];
  if (g.reachable) {
    const rss = g.processMemory ? `, ${Math.round(g.processMemory.rssBytes / 1048576)} MB` : "";
    lines.push(
      `${ok} gateway   ${g.url}  pid ${g.pid}, up ${Math.round(g.uptimeMs / 1000)}s, v${g.runtimeVersion}${rss}`,
      `            ${g.activeRuns ?? 0} active run(s), ${g.connections ?? 0} connection(s), ${g.modelsAvailable} model(s) with a credential`,
    );
  } else lines.push(`${bad} gateway   ${g.url}  not reachable — start it with \`claw gateway run\``);
  const config = g.reachable ? report.config : undefined;
  if (config && !config.ok)
    lines.push(
      `${bad} config    last change refused, the gateway runs on the last good config: ${sanitizeTerminalText(config.error ?? "invalid")}`,
    );
  if (config && config.restartRequired.length > 0)
    lines.push(
      `  ${style.yellow("config")}    waiting for a restart: ${config.restartRequired.join(", ")} — \`claw gateway stop\` then \`claw gateway run --detach\``,
    );
  lines.push(`  state     ${report.stateDir}`);
  for (const a of report.agents) {
    const fallbacks = a.fallbacks.length > 0 ? ` → ${a.fallbacks.join(" → ")}` : "";
    lines.push(`  agent     ${a.id}${a.isDefault ? " (default)" : ""}  ${a.primary}${fallbacks}`);
  }
  if (report.cooldowns.length === 0) lines.push("  cooldowns none");
  for (const c of report.cooldowns)
    lines.push(
      `  ${style.yellow("cooldown")}  ${c.profileId} ${c.scope}: ${c.reason}, ${c.failures} failure(s), ${until(c.until)} left`,
    );
  lines.push(
    `  channels  ${report.channels.length === 0 ? "none configured" : report.channels.map((c) => `${c.id}${c.enabled ? "" : " (disabled)"}`).join(", ")}`,
  );
  if (g.reachable)
    for (const entry of g.channelSummary as {
      channel?: string;
      connected?: boolean;
      running?: boolean;
      errors?: string[];
    }[])
      lines.push(
        `            ${entry.channel}: ${entry.connected ? style.green("connected") : entry.running ? style.yellow("connecting") : style.yellow("not running")}${entry.errors?.length ? ` — ${sanitizeTerminalText(entry.errors.join("; "))}` : ""}`,
      );
  if (g.reachable) {
    lines.push(`  sessions  ${g.sessions.count}`);
    for (const s of recentSessions(g.sessions.recent).slice(0, 5)) {
      const cost = s.estimatedCostUsd === undefined ? "" : `  ${formatCostUsd(s.estimatedCostUsd)}`;
      const model = s.lastModel ? `  ${s.lastModel}` : "";
      lines.push(
        `            ${sanitizeTerminalText(s.key)}  ${ago(s.updatedAt)}${sanitizeTerminalText(model)}${cost}`,
      );
    }
    lines.push(...heartbeatLines(g.heartbeat.agents));
  }
  for (const m of report.memory)
    lines.push(
      `  memory    ${m.agentId}: ${m.exists ? `${m.path} (${Math.round(m.bytes / 1024)} KB, ${ago(m.modifiedAt)})` : "not indexed yet — `claw memory index`"}`,
    );
  return `${lines.join("\n")}\n`;
}

/** Each agent's heartbeat: interval, next beat, last outcome (ack = HEARTBEAT_OK, nothing sent). */
function heartbeatLines(agents: StatusResult["heartbeat"]["agents"]): string[] {
  const on = agents.filter((a) => a.enabled || a.lastBeat);
  if (on.length === 0) return ['  heartbeat off — set agents.defaults.heartbeat.every (e.g. "30m")'];
  return on.map((a) => {
    const next = a.enabled && a.nextBeatAtMs !== undefined ? `, next in ${until(a.nextBeatAtMs)}` : "";
    const last = a.lastBeat
      ? `, last ${a.lastBeat.skipReason ? `skipped (${a.lastBeat.skipReason})` : a.lastBeat.outcome}${a.lastBeat.error ? `: ${sanitizeTerminalText(a.lastBeat.error)}` : ""} ${ago(a.lastBeat.atMs)}`
      : ", no beat yet";
    return `  heartbeat ${a.agentId}: every ${a.every}${next}${last}`;
  });
}

export const run: CommandModule["run"] = (args, context) => runFlat("status", status, args, context);
export default { run } satisfies CommandModule;

/** The schema leaves `sessions.recent` open (OpenClaw sends more); keep the entries with a key. */
function recentSessions(
  recent: unknown[],
): { key: string; updatedAt?: number; estimatedCostUsd?: number; lastModel?: string }[] {
  return recent.flatMap((entry) => {
    if (typeof entry !== "object" || entry === null || !("key" in entry) || typeof entry.key !== "string")
      return [];
    const updatedAt =
      "updatedAt" in entry && typeof entry.updatedAt === "number" ? entry.updatedAt : undefined;
    // Priced by the gateway with the model that answered each call.
    const cost =
      "estimatedCostUsd" in entry && typeof entry.estimatedCostUsd === "number"
        ? entry.estimatedCostUsd
        : undefined;
    const lastModel =
      "lastModel" in entry && typeof entry.lastModel === "string" ? entry.lastModel : undefined;
    return [
      {
        key: entry.key,
        ...(updatedAt === undefined ? {} : { updatedAt }),
        ...(cost === undefined ? {} : { estimatedCostUsd: cost }),
        ...(lastModel === undefined ? {} : { lastModel }),
      },
    ];
  });
}
