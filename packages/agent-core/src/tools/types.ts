/**
 * The tool contract of the agent loop. It is defined in `@claw/providers` (L1) so that tool
 * packages below agent-core implement it without casts; agent-core re-exports it for embedders
 * and adds `TypedTool`, which derives a tool's argument type from its TypeBox schema (providers
 * stays free of any schema library).
 */
import type { AgentTool } from "@claw/providers";
import type { Static, TSchema } from "typebox";

export {
  type AgentTool,
  type AgentToolResult,
  errorResult,
  type ToolExecutionContext,
  textResult,
} from "@claw/providers";

/**
 * A tool whose `execute` arguments are the TypeBox schema's static type (the loop validates them
 * against the schema first). It fits a plain `AgentTool[]` list without a cast.
 *
 * @example
 * const Params = Type.Object({ city: Type.String() });
 * const weather: TypedTool<typeof Params> = {
 *   name: "weather", description: "Weather for a city", parameters: Params,
 *   async execute({ city }) { return textResult(`Sunny in ${city}`); },
 * };
 */
export type TypedTool<TParameters extends TSchema, TDetails = unknown> = AgentTool<
  TParameters,
  Static<TParameters>,
  TDetails
>;
