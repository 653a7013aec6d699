/**
 * The tool contract of the agent loop. It is defined in `@claw/providers` (L1) so that tool
 * packages below agent-core implement it without casts; agent-core re-exports it for embedders.
 */
export {
  type AgentTool,
  type AgentToolResult,
  errorResult,
  type ToolExecutionContext,
  textResult,
} from "@claw/providers";
