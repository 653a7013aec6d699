/**
 * Opens an agent's memory index the way the gateway would: `<state dir>/memory/<agent>.sqlite`,
 * the agent's workspace, and the embedding provider from `agents.defaults.memorySearch`
 * (OpenAI or Gemini with a key; anything else is keyword-only search).
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { type ClawConfig, resolveAgentWorkspaceDir } from "@claw/config";
import type { EmbeddingProviderConfig, MemoryIndex } from "@claw/memory";
import { CliError, type CommandContext } from "../../context.js";
import { memoryIndexPath } from "../../local-state/agents.js";

const KEY_ENV: Record<string, string> = { openai: "OPENAI_API_KEY", gemini: "GEMINI_API_KEY" };

/** The embedding config for the memory package, from the Claw config and environment. */
export function embeddingFromConfig(
  config: ClawConfig,
  env: Readonly<Record<string, string | undefined>>,
): EmbeddingProviderConfig {
  const settings = config.agents.defaults.memorySearch;
  const provider = settings.provider;
  if (provider !== "openai" && provider !== "gemini") return { provider: "none" };
  const apiKey = settings.remote?.apiKey ?? env[KEY_ENV[provider] ?? ""];
  return {
    provider,
    ...(settings.model ? { model: settings.model } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(settings.remote?.baseUrl ? { baseUrl: settings.remote.baseUrl } : {}),
    ...(settings.remote?.headers ? { headers: settings.remote.headers } : {}),
  };
}

export async function openAgentMemory(
  context: CommandContext,
  config: ClawConfig,
  stateDir: string,
  agentId: string,
): Promise<MemoryIndex> {
  if (!config.agents.defaults.memorySearch.enabled)
    throw new CliError("memory search is turned off (agents.defaults.memorySearch.enabled is false)", {
      hint: "turn it on with `claw config set agents.defaults.memorySearch.enabled true`",
    });
  const dbPath = memoryIndexPath(stateDir, agentId);
  mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
  const { openMemoryIndex } = await import("@claw/memory");
  return openMemoryIndex({
    workspaceDir: resolveAgentWorkspaceDir(config, agentId, { homeDir: context.io.homeDir, stateDir }),
    dbPath,
    embedding: embeddingFromConfig(config, context.io.env),
    ...(config.agents.defaults.memorySearch.extraPaths
      ? { extraPaths: config.agents.defaults.memorySearch.extraPaths }
      : {}),
    sync: { watch: false, onSearch: true, onSessionStart: false },
    log: () => {},
  });
}
