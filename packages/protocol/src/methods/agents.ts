/** `agents.list`: the configured agents, as OpenClaw's CLI and TUI read them (its `AgentsListResult`). */
import Type, { type Static } from "typebox";
import { EmptyParams, NonEmpty } from "./common.js";

export const AgentsListParams = EmptyParams;

/** One agent. OpenClaw's `AgentSummary`, limited to the fields Claw knows. */
export const AgentSummary = Type.Object(
  {
    id: NonEmpty,
    kind: Type.Optional(Type.Union([Type.Literal("agent"), Type.Literal("system")])),
    name: Type.Optional(NonEmpty),
    workspace: Type.Optional(NonEmpty),
    model: Type.Optional(
      Type.Object(
        { primary: Type.Optional(NonEmpty), fallbacks: Type.Optional(Type.Array(NonEmpty)) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type AgentSummary = Static<typeof AgentSummary>;

export const AgentsListResult = Type.Object(
  {
    defaultId: NonEmpty,
    /** `sole` when one agent is configured: clients may target it without naming it. */
    ownership: Type.Optional(Type.Union([Type.Literal("sole"), Type.Literal("explicit")])),
    selectionRequired: Type.Optional(Type.Boolean()),
    mainKey: NonEmpty,
    scope: Type.Union([Type.Literal("per-sender"), Type.Literal("global")]),
    agents: Type.Array(AgentSummary),
  },
  { additionalProperties: false },
);
export type AgentsListResult = Static<typeof AgentsListResult>;
