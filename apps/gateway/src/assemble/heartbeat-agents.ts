/** Each agent's heartbeat settings from the config (`agents.list[].heartbeat` replaces the defaults' section). */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type ClawConfig, durationMs, resolveAgentConfig } from "@claw/config";
import type { HeartbeatAgent } from "@claw/cron";
import { buildMainSessionKey } from "@claw/ids";
import type { AssembledAgent } from "./agents.js";

/** Characters a reply may add to HEARTBEAT_OK and still count as an ack. */
export const DEFAULT_ACK_MAX_CHARS = 30;

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * The heartbeat is on for an agent once `heartbeat.every` is set (defaults or its own entry):
 * a beat with an empty HEARTBEAT.md costs no model call, but an unset interval costs nothing at all.
 */
export function heartbeatAgents(config: ClawConfig, agents: readonly AssembledAgent[]): HeartbeatAgent[] {
  return agents.map((agent) => {
    const id = agent.definition.id;
    const settings = resolveAgentConfig(config, id)?.heartbeat ?? config.agents.defaults.heartbeat ?? {};
    const model = typeof settings.model === "string" ? settings.model : settings.model?.primary;
    const target = settings.target && settings.target !== "none" ? settings.target : undefined;
    return {
      agentId: id,
      every: settings.every ?? "disabled",
      everyMs: settings.every ? durationMs(settings.every) : 0,
      sessionKey: settings.session ?? buildMainSessionKey(id, config.session.mainKey),
      ackMaxChars: settings.ackMaxChars ?? DEFAULT_ACK_MAX_CHARS,
      lightContext: settings.lightContext ?? true,
      // The agent's prompt builder puts HEARTBEAT.md in the system prompt (light or full context).
      heartbeatFileInContext: true,
      readHeartbeatFile: () => readIfPresent(join(agent.workspaceDir, "HEARTBEAT.md")),
      ...(settings.prompt ? { prompt: settings.prompt } : {}),
      ...(settings.activeHours ? { activeHours: settings.activeHours } : {}),
      ...(model ? { model } : {}),
      ...(target ? { target: { channel: target, ...(settings.to ? { to: settings.to } : {}) } } : {}),
    };
  });
}
