/**
 * The chat-channel rows of the command table: channels, pairing, routes and message send.
 * `COMMANDS` in ./index.ts includes them; same rules (one row per command, lazy modules).
 */
import { type CommandEntry, JSON_FLAG, READ } from "../command-spec.js";

/** The credential flags of `channels add` and `channels login` (each platform takes some of them). */
const CREDENTIAL_FLAG_SPECS = {
  account: { type: "string", value: "ID", summary: "account id (default: default)" },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: help text naming the config's env reference syntax
  token: { type: "string", value: "TOKEN", summary: "bot token (Slack: xoxb-…), or a ${ENV} reference" },
  "token-file": { type: "string", value: "PATH", summary: "file holding the bot token" },
  "app-token": { type: "string", value: "TOKEN", summary: "Slack app-level token for Socket Mode (xapp-…)" },
  "app-token-file": { type: "string", value: "PATH", summary: "file holding the Slack app-level token" },
  "signing-secret": { type: "string", value: "SECRET", summary: "Slack signing secret (HTTP Events API)" },
  mode: { type: "string", value: "MODE", summary: "Slack: socket (default) or http" },
  "events-port": {
    type: "string",
    value: "PORT",
    summary: "Slack --mode http: the port events are posted to",
  },
  "api-root": {
    type: "string",
    value: "URL",
    summary: "API base URL: Telegram apiRoot, Discord rest.api, Slack slackApiUrl (proxy, local server)",
  },
} as const;

export const CHANNEL_COMMANDS: readonly CommandEntry[] = [
  {
    name: "channels",
    summary: "Chat channel accounts (Telegram, Discord, Slack): list, status, add, remove, login",
    subcommands: [
      { name: "list", summary: "channel accounts in the config", flags: JSON_FLAG },
      {
        name: "status",
        summary: "running, connected, last error of each account (from the gateway)",
        flags: {
          probe: { type: "boolean", summary: "also ask each platform now (e.g. Telegram getMe)" },
          channel: { type: "string", value: "ID", summary: "only this channel" },
          ...READ,
        },
      },
      {
        name: "add",
        args: "CHANNEL",
        summary: "add a telegram, discord or slack account to the config",
        flags: CREDENTIAL_FLAG_SPECS,
      },
      {
        name: "remove",
        args: "CHANNEL",
        summary: "remove a channel (or one --account) from the config",
        flags: { account: { type: "string", value: "ID", summary: "only this account" } },
      },
      {
        name: "login",
        args: "CHANNEL",
        summary: "check a bot token with the platform (getMe, /users/@me, auth.test), then store it",
        flags: {
          ...CREDENTIAL_FLAG_SPECS,
          "skip-probe": { type: "boolean", summary: "store without asking the platform" },
        },
      },
    ],
    load: () => import("./channels/index.js"),
  },
  {
    name: "pairing",
    summary: "DM pairing codes of chat channels: list, approve, deny",
    subcommands: [
      {
        name: "list",
        summary: "pending pairing requests",
        flags: { channel: { type: "string", value: "ID", summary: "only this channel" }, ...READ },
      },
      {
        name: "approve",
        args: "CHANNEL CODE",
        summary: "let the sender talk to the agent",
        flags: {
          account: { type: "string", value: "ID", summary: "account id (default: default)" },
          notify: { type: "boolean", summary: "tell the sender they were approved" },
          ...READ,
        },
      },
      {
        name: "deny",
        args: "CHANNEL CODE",
        summary: "drop the request",
        flags: {
          account: { type: "string", value: "ID", summary: "account id (default: default)" },
          ...READ,
        },
      },
    ],
    load: () => import("./pairing/index.js"),
  },
  {
    name: "routes",
    summary: "Which agent and session a chat routes to",
    subcommands: [
      {
        name: "explain",
        args: "CHANNEL PEER",
        summary: "the matching binding, the session, whether the sender is the owner, and why",
        flags: {
          kind: { type: "string", value: "KIND", summary: "direct (default), group or channel" },
          account: { type: "string", value: "ID", summary: "account id (default: default)" },
          thread: { type: "string", value: "ID", summary: "thread or forum topic id" },
          sender: {
            type: "string",
            value: "ID",
            summary: "sender's platform id (default: the DM's peer): is it the owner?",
          },
          ...READ,
        },
      },
    ],
    load: () => import("./routes/index.js"),
  },
  {
    name: "message",
    summary: "Send a message to a chat through a channel",
    subcommands: [
      {
        name: "send",
        args: "[TEXT]",
        summary: "deliver through the gateway's durable outbox",
        flags: {
          channel: { type: "string", value: "ID", summary: "channel (default: the first configured)" },
          to: { type: "string", value: "PEER", summary: "chat id (negative for Telegram groups)" },
          message: {
            type: "string",
            short: "m",
            value: "TEXT",
            summary: "the text (or give it after the flags)",
          },
          account: { type: "string", value: "ID", summary: "account id (default: default)" },
          thread: { type: "string", value: "ID", summary: "thread or forum topic id" },
          ...READ,
        },
      },
    ],
    load: () => import("./message/index.js"),
  },
];
