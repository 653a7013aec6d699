import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool, AgentToolResult } from "@claw/agent-core";

export function tempWorkspace(): { root: string; outside: string } {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "claw-tools-")));
  const root = join(base, "ws");
  const outside = join(base, "outside");
  mkdirSync(root);
  mkdirSync(outside);
  return { root, outside };
}

export async function call(
  tool: AgentTool,
  args: Record<string, unknown>,
  signal = new AbortController().signal,
): Promise<AgentToolResult> {
  return tool.execute(args as never, { toolCallId: "t1", signal });
}

export const text = (r: AgentToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("");
