/** `commands.list`: the chat commands a client can offer (OpenClaw's `CommandsListResult`). */
import Type, { type Static } from "typebox";
import { NonEmpty } from "./common.js";

const CommandScope = Type.Union([Type.Literal("text"), Type.Literal("native"), Type.Literal("both")]);

export const CommandsListParams = Type.Object(
  {
    sessionKey: Type.Optional(NonEmpty),
    agentId: Type.Optional(NonEmpty),
    provider: Type.Optional(NonEmpty),
    scope: Type.Optional(CommandScope),
    includeArgs: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const CommandEntry = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    /** The typed forms, e.g. `/new`. */
    textAliases: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 20 })),
    description: Type.String({ maxLength: 2000 }),
    category: Type.Optional(
      Type.Union([
        Type.Literal("session"),
        Type.Literal("options"),
        Type.Literal("status"),
        Type.Literal("management"),
        Type.Literal("media"),
        Type.Literal("tools"),
      ]),
    ),
    source: Type.Union([Type.Literal("native"), Type.Literal("skill"), Type.Literal("plugin")]),
    scope: CommandScope,
    acceptsArgs: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type CommandEntry = Static<typeof CommandEntry>;

export const CommandsListResult = Type.Object(
  { commands: Type.Array(CommandEntry, { maxItems: 500 }) },
  { additionalProperties: false },
);
