/**
 * Tools that exist only when a setting provides what they need (web_search needs a search
 * provider). Rebuilt by `configureAgent` on every config reload; the model sees them right after
 * the coding tools.
 */
import type { AgentTool } from "@claw/agent-core";
import type { ClawConfig } from "@claw/config";
import { createWebSearchTool } from "@claw/tools";
import { createWebSearchProvider, resolveWebSearch } from "./web-search.js";

/** Their names, in the order `configuredTools` returns them. */
export const CONFIGURED_TOOL_NAMES = ["web_search"] as const;

/**
 * @example
 * configuredTools(config, process.env).map((t) => t.name); // ["web_search"] when BRAVE_API_KEY is set
 */
export function configuredTools(
  config: ClawConfig,
  env: Readonly<Record<string, string | undefined>>,
): AgentTool[] {
  const tools: AgentTool[] = [];
  const search = resolveWebSearch(config, env);
  if (search.ok)
    tools.push(
      createWebSearchTool({
        provider: createWebSearchProvider(search.plan, search.timeoutMs),
        ...(search.maxResults ? { maxResults: search.maxResults } : {}),
      }),
    );
  return tools;
}
