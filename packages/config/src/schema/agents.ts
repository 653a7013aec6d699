/**
 * `agents`: `defaults` every agent inherits, and `list[]` of agents that override defaults field
 * by field (whole-value replacement, see `resolveAgentConfig`).
 */
import Type from "typebox";
import {
  compactionProps,
  contextPruningProps,
  groupChatProps,
  HumanDelay,
  heartbeatProps,
  identityProps,
  memorySearchProps,
  sandboxProps,
  subagentsProps,
} from "./agent-sections.js";
import { ModelAliases, ModelSelection } from "./model-selection.js";
import { AgentId, closedObject, PositiveInteger, StringList, section, ThinkLevel } from "./primitives.js";
import { AgentToolPolicy } from "./tools.js";

const blockStreamingProps = {
  blockStreamingDefault: Type.Enum(["off", "on"], { default: "off" }),
  blockStreamingBreak: Type.Enum(["text_end", "message_end"], { default: "text_end" }),
  blockStreamingChunk: section({
    minChars: Type.Integer({ minimum: 1, default: 800 }),
    maxChars: Type.Integer({ minimum: 1, default: 1200 }),
    breakPreference: Type.Enum(["paragraph", "newline", "sentence"], { default: "paragraph" }),
  }),
  blockStreamingCoalesce: Type.Optional(
    closedObject({
      minChars: Type.Optional(PositiveInteger),
      maxChars: Type.Optional(PositiveInteger),
      idleMs: Type.Optional(PositiveInteger),
    }),
  ),
};

/** The vision model the `image` tool asks (else the agent's model, when it accepts images). */
const ImageModel = Type.Optional(ModelSelection);

export const AgentDefaults = section({
  model: Type.Optional(ModelSelection),
  imageModel: ImageModel,
  models: Type.Optional(ModelAliases),
  workspace: Type.Optional(
    Type.String({ description: "Workspace of the default agent (default <stateDir>/workspace)." }),
  ),
  skipBootstrap: Type.Boolean({ default: false }),
  bootstrapMaxChars: Type.Integer({ minimum: 0, default: 20_000 }),
  thinkingDefault: Type.Optional(ThinkLevel),
  contextTokens: Type.Optional(PositiveInteger),
  timeoutSeconds: Type.Integer({ minimum: 1, default: 600 }),
  maxConcurrent: Type.Integer({ minimum: 1, default: 4 }),
  userTimezone: Type.Optional(Type.String()),
  timeFormat: Type.Enum(["auto", "12", "24"], { default: "auto" }),
  skills: Type.Optional(StringList),
  tools: Type.Optional(AgentToolPolicy),
  identity: Type.Optional(closedObject(identityProps)),
  groupChat: Type.Optional(closedObject(groupChatProps)),
  humanDelay: Type.Optional(HumanDelay),
  compaction: section(compactionProps),
  contextPruning: section(contextPruningProps),
  memorySearch: section(memorySearchProps),
  heartbeat: Type.Optional(closedObject(heartbeatProps)),
  subagents: section(subagentsProps),
  sandbox: section(sandboxProps),
  ...blockStreamingProps,
});

export const AgentEntry = closedObject({
  id: AgentId,
  default: Type.Optional(Type.Boolean({ description: "The agent unbound messages go to. At most one." })),
  name: Type.Optional(Type.String()),
  workspace: Type.Optional(Type.String()),
  agentDir: Type.Optional(Type.String()),
  model: Type.Optional(ModelSelection),
  imageModel: ImageModel,
  thinkingDefault: Type.Optional(ThinkLevel),
  contextTokens: Type.Optional(PositiveInteger),
  timeoutSeconds: Type.Optional(PositiveInteger),
  skills: Type.Optional(StringList),
  tools: Type.Optional(AgentToolPolicy),
  identity: Type.Optional(closedObject(identityProps)),
  groupChat: Type.Optional(closedObject(groupChatProps)),
  humanDelay: Type.Optional(HumanDelay),
  compaction: Type.Optional(closedObject(compactionProps)),
  contextPruning: Type.Optional(closedObject(contextPruningProps)),
  memorySearch: Type.Optional(closedObject(memorySearchProps)),
  heartbeat: Type.Optional(closedObject(heartbeatProps)),
  subagents: Type.Optional(closedObject(subagentsProps)),
  sandbox: Type.Optional(closedObject(sandboxProps)),
});

export const AgentsConfig = section({
  defaults: AgentDefaults,
  list: Type.Optional(Type.Array(AgentEntry)),
});
