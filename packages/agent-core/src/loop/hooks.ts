/** Hook points of the agent loop. Hooks may be async; a throwing hook fails only its own step. */
import type { Context, ToolCall, UserMessage } from "@claw/providers";
import type { AgentToolResult } from "../tools/types.js";

export type BeforeToolCallDecision =
  | undefined
  | { block: true; reason: string }
  | { block?: false; args: Record<string, unknown> };

export interface LoopHooks {
  /** Runs before each tool call: block it with a reason, or rewrite its arguments. */
  beforeToolCall?(call: ToolCall): BeforeToolCallDecision | Promise<BeforeToolCallDecision>;
  /** Runs after each tool call; a returned result replaces the tool's result. */
  afterToolCall?(
    call: ToolCall,
    result: AgentToolResult,
  ): AgentToolResult | undefined | Promise<AgentToolResult | undefined>;
  /** Runs before every model call; may return a modified context (e.g. injected notes). */
  beforePrompt?(context: Context): Context | undefined | Promise<Context | undefined>;
}

/** Sources of user messages that arrive while a run is going. */
export interface MessageSources {
  /** Messages that should steer the current run (skip remaining tool calls, then be seen). */
  takeSteering?(): UserMessage[];
  /** Messages to handle once the model would otherwise stop. */
  takeFollowUps?(): UserMessage[];
}
