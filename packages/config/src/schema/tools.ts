import Type from "typebox";
import { BrowserToolConfig } from "./browser.js";
import { closedObject, PositiveInteger, recordOf, StringList, section } from "./primitives.js";

export const ToolProfile = Type.Enum(["minimal", "coding", "messaging", "full"]);

const policyFields = {
  profile: Type.Optional(ToolProfile),
  allow: Type.Optional(StringList),
  alsoAllow: Type.Optional(Type.Array(Type.String(), { description: "Added to the profile's allow list." })),
  deny: Type.Optional(Type.Array(Type.String(), { description: "Always wins over allow." })),
};

/** `tools.exec.security`: refuse every command, only allowlisted ones, or any command. */
export const ExecSecurity = Type.Enum(["deny", "allowlist", "full"], {
  description:
    "deny: no commands; allowlist: only safe binaries and allowlisted commands; full: any command. Unset: full in the agent's main session, allowlist elsewhere.",
});
/** `tools.exec.ask`: when a person is asked to approve a command. */
export const ExecAsk = Type.Enum(["off", "on-miss", "always"], {
  description:
    "off: never ask (misses are refused); on-miss: ask when the allowlist does not cover the command; always: ask for every command. Unset: off in the main session, on-miss in a sandboxed session, always in any other session.",
});
const execPolicyFields = {
  security: Type.Optional(ExecSecurity),
  ask: Type.Optional(ExecAsk),
};

/** A policy for one model provider (`tools.byProvider.<provider>`). */
export const ProviderToolPolicy = closedObject(policyFields);

/** Tool policy as set on an agent (`agents.defaults.tools`, `agents.list[].tools`). */
export const AgentToolPolicy = closedObject({
  ...policyFields,
  byProvider: Type.Optional(recordOf(ProviderToolPolicy)),
  exec: Type.Optional(closedObject(execPolicyFields)),
});

/** The global `tools` section: the global policy layer plus tool-specific settings. */
export const ToolsConfig = section({
  ...policyFields,
  byProvider: Type.Optional(recordOf(ProviderToolPolicy)),
  exec: section({
    applyPatch: Type.Boolean({ default: false, description: "Offer the apply_patch tool." }),
    timeoutSec: Type.Integer({ minimum: 1, default: 1800 }),
    backgroundMs: Type.Integer({
      minimum: 0,
      default: 10_000,
      description: "Auto-background after this long.",
    }),
    env: Type.Optional(
      recordOf(Type.String(), {
        description:
          "Variables added to exec's minimal environment (PATH, HOME, LANG, TERM); the gateway's own environment is never passed.",
      }),
    ),
    ...execPolicyFields,
    approvalTimeoutSec: Type.Integer({
      minimum: 1,
      maximum: 3600,
      default: 120,
      description: "How long a command waits for approval before it is denied.",
    }),
  }),
  elevated: section({
    enabled: Type.Boolean({ default: false }),
    allowFrom: Type.Optional(
      recordOf(StringList, { description: "Sender ids per channel allowed to elevate." }),
    ),
  }),
  agentToAgent: section({
    enabled: Type.Boolean({ default: false }),
    allow: Type.Optional(StringList),
  }),
  subagents: section({
    tools: Type.Optional(closedObject({ allow: Type.Optional(StringList), deny: Type.Optional(StringList) })),
  }),
  browser: BrowserToolConfig,
  message: section({
    allowTargets: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Chats the message tool may reach besides the session\'s own conversation: "telegram:-100123", "telegram:*" or "*".',
      }),
    ),
  }),
  web: section({
    allowPrivate: Type.Optional(
      Type.Array(Type.String(), {
        description:
          "Hosts web_fetch may reach even though they resolve to loopback, private or reserved addresses.",
      }),
    ),
    search: section({
      enabled: Type.Boolean({ default: true }),
      provider: Type.Optional(
        Type.String({
          description:
            "brave (Brave Search API, the default when a key is set), searxng (self-hosted, needs baseUrl) or openai-compatible (a search model, needs model).",
        }),
      ),
      apiKey: Type.Optional(
        Type.String({ description: "Brave key (else BRAVE_API_KEY), or the search model's key." }),
      ),
      maxResults: Type.Optional(PositiveInteger),
      baseUrl: Type.Optional(
        Type.String({
          description: "The SearXNG instance, or an endpoint replacing the provider's default.",
        }),
      ),
      model: Type.Optional(
        Type.String({
          description:
            'The search model for provider openai-compatible, "provider/model" (e.g. "perplexity/sonar"); its key and endpoint come from the provider table and models.providers.',
        }),
      ),
      timeoutSeconds: Type.Optional(PositiveInteger),
    }),
    fetch: section({
      enabled: Type.Boolean({ default: true }),
      maxChars: Type.Integer({ minimum: 100, default: 50_000 }),
    }),
  }),
});
