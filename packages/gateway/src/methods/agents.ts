import type { MethodHandler } from "./types.js";

/**
 * `agents.list`: OpenClaw's CLI reads it to pick the target agent (`ownership: "sole"` lets
 * `openclaw agent --message` run without `--agent`), and its TUI to show them.
 */
export const agentsList: MethodHandler<"agents.list"> = async ({ ctx }) => {
  const [agents, config] = await Promise.all([ctx.ports.catalog.agents(), ctx.ports.config.get()]);
  const defaultId = agents.find((a) => a.isDefault)?.agentId ?? agents[0]?.agentId ?? "main";
  return {
    defaultId,
    ownership: agents.length === 1 ? "sole" : "explicit",
    selectionRequired: false,
    mainKey: ctx.mainKey,
    scope: sessionScope(config.config),
    agents: agents.map((a) => ({
      id: a.agentId,
      kind: "agent" as const,
      ...(a.name ? { name: a.name } : {}),
      ...(a.workspace ? { workspace: a.workspace } : {}),
      ...(a.model ? { model: a.model } : {}),
    })),
  };
};

/** `session.scope` of the config (`per-sender` unless it says `global`). */
function sessionScope(config: unknown): "per-sender" | "global" {
  const session = (config as { session?: { scope?: unknown } } | undefined)?.session;
  return session?.scope === "global" ? "global" : "per-sender";
}
