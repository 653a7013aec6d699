/**
 * The tool contract every Claw tool implements: a provider `Tool` (name, description, JSON Schema
 * parameters) plus an `execute` function. It lives here, in L1, so tool packages at any layer
 * (`@claw/memory`, `@claw/tools`, embedders) implement it without depending on the agent loop;
 * `@claw/agent-core` runs it and re-exports it. It names no schema library: the argument type is
 * a parameter, and `TypedTool` in `@claw/agent-core` derives it from a TypeBox schema.
 */
import type { ImageContent, TextContent, Tool, ToolParametersSchema } from "../types.js";

/** What a tool returns: content for the model, details for UIs and logs only. */
export interface AgentToolResult<TDetails = unknown> {
  content: (TextContent | ImageContent)[];
  details?: TDetails;
  /** Marks the result as a failure the model should see as such. */
  isError?: boolean;
}

export interface ToolExecutionContext {
  toolCallId: string;
  /** Aborted when the run is aborted, times out, or the tool's own timeout passes. */
  signal: AbortSignal;
  /** Streams a partial result to listeners (shown as a `tool` update event). */
  onUpdate?: (partial: AgentToolResult) => void;
  sessionKey?: string;
  agentId?: string;
}

/**
 * A tool the agent loop can call. The loop validates the arguments against `parameters` before
 * `execute` sees them, so `TArgs` is the type those parameters describe. `execute` is a method,
 * so a tool with specific arguments fits a plain `AgentTool[]` list without a cast.
 *
 * @example
 * const now: AgentTool<typeof nowParams, { zone?: string }> = {
 *   name: "now", description: "The current time", parameters: nowParams,
 *   async execute({ zone }) { return textResult(new Date().toLocaleString("en", { timeZone: zone })); },
 * };
 * // with nowParams = { type: "object", properties: { zone: { type: "string" } } }
 * // (with TypeBox, `TypedTool<typeof NowParams>` from @claw/agent-core infers the arguments)
 */
export interface AgentTool<
  TParameters extends ToolParametersSchema = ToolParametersSchema,
  TArgs = Record<string, unknown>,
  TDetails = unknown,
> extends Tool<TParameters> {
  /** Short human label for UIs ("Read file"). */
  label?: string;
  /** Overrides the loop's default per-tool timeout, in ms (0 = no timeout). */
  timeoutMs?: number;
  /**
   * Runs the tool. Throwing is allowed: the loop turns a thrown error into an error result the
   * model sees, never into a crashed run.
   */
  execute(args: TArgs, context: ToolExecutionContext): Promise<AgentToolResult<TDetails>>;
}

/** Builds a tool result holding one text block. */
export function textResult<TDetails = unknown>(text: string, details?: TDetails): AgentToolResult<TDetails> {
  return { content: [{ type: "text", text }], details };
}

/** Builds an error tool result holding one text block. */
export function errorResult(text: string): AgentToolResult {
  return { content: [{ type: "text", text }], isError: true };
}
