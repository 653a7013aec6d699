/**
 * `channels.*`: per-channel access policy, delivery limits and credentials. Each channel may
 * hold several `accounts`, which override the channel's fields.
 */
import Type, { type TProperties } from "typebox";
import {
  closedObject,
  NonNegativeInteger,
  PositiveInteger,
  recordOf,
  StringList,
  section,
} from "./primitives.js";

const groupSettingsProps = {
  requireMention: Type.Optional(Type.Boolean()),
  allowFrom: Type.Optional(StringList),
  tools: Type.Optional(closedObject({ allow: Type.Optional(StringList), deny: Type.Optional(StringList) })),
  enabled: Type.Optional(Type.Boolean()),
};
const GroupSettings = closedObject(groupSettingsProps);

const RetrySettings = closedObject({
  attempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
  minDelayMs: Type.Optional(NonNegativeInteger),
  maxDelayMs: Type.Optional(NonNegativeInteger),
  jitter: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
});

/** Fields every channel and channel account understands; none carries a default at this level. */
const commonProps = {
  enabled: Type.Optional(Type.Boolean()),
  dmPolicy: Type.Optional(Type.Enum(["pairing", "allowlist", "open", "disabled"])),
  allowFrom: Type.Optional(StringList),
  groupPolicy: Type.Optional(Type.Enum(["open", "allowlist", "disabled"])),
  groups: Type.Optional(recordOf(GroupSettings)),
  textChunkLimit: Type.Optional(PositiveInteger),
  chunkMode: Type.Optional(Type.Enum(["length", "newline"])),
  blockStreaming: Type.Optional(Type.Boolean()),
  historyLimit: Type.Optional(NonNegativeInteger),
  responsePrefix: Type.Optional(Type.String()),
  replyToMode: Type.Optional(Type.Enum(["off", "first", "all"])),
  retry: Type.Optional(RetrySettings),
};

/** Who decides exec approvals asked from a chat, besides the owners (channels with user ids). */
const approvalProps = {
  execApprovals: Type.Optional(
    closedObject({
      approvers: Type.Optional(
        Type.Array(Type.String(), {
          description:
            "Who besides the owners (agents.*.identity.ownerNumbers) may decide exec approvals from this channel: platform user ids (telegram 42, slack U0123ABCD), optionally channel-prefixed.",
        }),
      ),
    }),
  ),
};

/** Streamed replies for channels that edit messages: a draft edited while the model writes (default off). */
const streamingProps = {
  streamMode: Type.Optional(
    Type.Enum(["partial", "block", "off"], {
      description:
        "Show a reply while it is written as one message edited in place: partial (latest text), block (cut at paragraph/sentence ends) or off (default).",
    }),
  ),
  draftChunk: Type.Optional(
    closedObject({ minChars: Type.Optional(PositiveInteger), maxChars: Type.Optional(PositiveInteger) }),
  ),
};

function channel<Specific extends TProperties>(specific: Specific) {
  const accountProps = { ...commonProps, ...specific, name: Type.Optional(Type.String()) };
  return Type.Optional(
    closedObject({
      ...commonProps,
      ...specific,
      accounts: Type.Optional(recordOf(closedObject(accountProps))),
    }),
  );
}

export const TelegramChannel = channel({
  botToken: Type.Optional(Type.String()),
  tokenFile: Type.Optional(Type.String()),
  ...streamingProps,
  ...approvalProps,
  webhookUrl: Type.Optional(Type.String()),
  webhookSecret: Type.Optional(
    Type.String({ description: "Checked against X-Telegram-Bot-Api-Secret-Token." }),
  ),
  webhookListen: Type.Optional(
    closedObject({
      host: Type.Optional(Type.String()),
      port: Type.Integer({ minimum: 0, maximum: 65535 }),
      path: Type.Optional(Type.String()),
    }),
  ),
  apiRoot: Type.Optional(
    Type.String({
      description:
        "Bot API base URL (default https://api.telegram.org): a self-hosted Bot API server or a proxy.",
    }),
  ),
  mediaMaxMb: Type.Optional(
    Type.Number({ minimum: 0, description: "Largest inbound file downloaded (default 20)." }),
  ),
});

/** A Discord guild: group settings for all its channels, overridden per channel or thread id (or `*`). */
const DiscordGuildSettings = closedObject({
  ...groupSettingsProps,
  channels: Type.Optional(recordOf(GroupSettings)),
});

export const DiscordChannel = channel({
  token: Type.Optional(Type.String()),
  tokenFile: Type.Optional(Type.String()),
  maxLinesPerMessage: Type.Optional(PositiveInteger),
  ...streamingProps,
  ...approvalProps,
  guilds: Type.Optional(recordOf(DiscordGuildSettings)),
  rest: Type.Optional(
    closedObject({
      api: Type.Optional(
        Type.String({
          description:
            "REST base URL (discord.js rest.api, default https://discord.com/api): a proxy or a local server. The gateway URL comes from GET /gateway/bot there.",
        }),
      ),
    }),
  ),
  mediaMaxMb: Type.Optional(
    Type.Number({ minimum: 0, description: "Largest inbound attachment downloaded (default 25)." }),
  ),
});

export const SlackChannel = channel({
  botToken: Type.Optional(Type.String()),
  appToken: Type.Optional(Type.String()),
  signingSecret: Type.Optional(Type.String()),
  mode: Type.Optional(Type.Enum(["socket", "http"])),
  ...streamingProps,
  ...approvalProps,
  botTokenFile: Type.Optional(Type.String({ description: "A file holding the bot token (xoxb-…)." })),
  appTokenFile: Type.Optional(Type.String({ description: "A file holding the app-level token (xapp-…)." })),
  slackApiUrl: Type.Optional(
    Type.String({
      description:
        "Web API base URL (default https://slack.com/api/): a proxy or a local server. Socket Mode's URL comes from its apps.connections.open.",
    }),
  ),
  eventsListen: Type.Optional(
    closedObject({
      host: Type.Optional(Type.String()),
      port: Type.Integer({ minimum: 0, maximum: 65535 }),
      path: Type.Optional(Type.String({ description: "Default /slack/events." })),
    }),
  ),
  mediaMaxMb: Type.Optional(
    Type.Number({ minimum: 0, description: "Largest inbound file downloaded (default 20)." }),
  ),
});

export const TerminalChannel = channel({});

export const WebChannel = channel({});

export const ChannelsConfig = section({
  defaults: section({
    dmPolicy: Type.Enum(["pairing", "allowlist", "open", "disabled"], { default: "pairing" }),
    groupPolicy: Type.Enum(["open", "allowlist", "disabled"], { default: "allowlist" }),
    textChunkLimit: Type.Integer({ minimum: 1, default: 4000 }),
    chunkMode: Type.Enum(["length", "newline"], { default: "length" }),
  }),
  telegram: TelegramChannel,
  discord: DiscordChannel,
  slack: SlackChannel,
  terminal: TerminalChannel,
  web: WebChannel,
});

export const Binding = closedObject({
  agentId: Type.String({ minLength: 1 }),
  comment: Type.Optional(Type.String()),
  match: closedObject({
    channel: Type.String({ minLength: 1 }),
    accountId: Type.Optional(Type.String({ description: '"*" matches every account of the channel.' })),
    peer: Type.Optional(
      closedObject({ kind: Type.Enum(["direct", "group", "channel"]), id: Type.String({ minLength: 1 }) }),
    ),
    guildId: Type.Optional(Type.String()),
    teamId: Type.Optional(Type.String()),
  }),
});

export const BindingsConfig = Type.Array(Binding, {
  description: "Route inbound messages to agents. Most specific match wins; ties go to the first listed.",
});
