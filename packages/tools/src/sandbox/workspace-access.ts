/**
 * File tools in a sandboxed session see the workspace as the sandbox mounts it: with
 * `workspaceAccess: "ro"` the writing tools refuse, with `"none"` every file tool refuses. The
 * tool-policy layer already removes them from the model's list (`sandboxToolRules` in
 * @claw/config); this guard keeps a direct call honest too.
 */
import { type AgentTool, errorResult } from "@claw/agent-core";
import type { SandboxResolver } from "./sandbox-spec.js";

/** What a file tool needs from the workspace mount. */
export type WorkspaceNeed = "read" | "write";

/**
 * @example
 * const write = guardWorkspaceAccess(createWriteTool(ws), "write", sandboxFor);
 */
export function guardWorkspaceAccess<T extends AgentTool>(
  tool: T,
  need: WorkspaceNeed,
  sandboxFor: SandboxResolver | undefined,
): T {
  if (!sandboxFor) return tool;
  return {
    ...tool,
    execute(args, context) {
      const access = sandboxFor({
        sessionKey: context.sessionKey,
        agentId: context.agentId,
      })?.workspaceAccess;
      if (access === "none" || (access === "ro" && need === "write")) {
        return Promise.resolve(
          errorResult(
            `${tool.name} is not available: this session is sandboxed with workspaceAccess "${access}" (agents.*.sandbox.workspaceAccess), so the workspace is ${access === "ro" ? "read-only" : "not mounted"}.`,
          ),
        );
      }
      return tool.execute(args, context);
    },
  };
}
