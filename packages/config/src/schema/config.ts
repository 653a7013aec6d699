/** The whole `claw.json` schema. Types are inferred from it, never written twice. */
import Type, { type Static } from "typebox";
import { AgentsConfig } from "./agents.js";
import { BindingsConfig, ChannelsConfig } from "./channels.js";
import { GatewayConfig } from "./gateway.js";
import { MessagesConfig } from "./messages.js";
import { AuthConfig, ModelsConfig } from "./models.js";
import { closedObject } from "./primitives.js";
import { CronConfig, HooksConfig, LoggingConfig, MemoryConfig, SkillsConfig } from "./services.js";
import { SessionConfig } from "./session.js";
import { ToolsConfig } from "./tools.js";

export const ClawConfigSchema = closedObject(
  {
    $schema: Type.Optional(Type.String({ description: "Editor hint; ignored by Claw." })),
    agents: AgentsConfig,
    models: ModelsConfig,
    auth: AuthConfig,
    tools: ToolsConfig,
    session: SessionConfig,
    messages: MessagesConfig,
    bindings: Type.Optional(BindingsConfig),
    channels: ChannelsConfig,
    gateway: GatewayConfig,
    memory: MemoryConfig,
    cron: CronConfig,
    skills: SkillsConfig,
    hooks: HooksConfig,
    logging: LoggingConfig,
  },
  { title: "Claw configuration (claw.json)" },
);

/** The config after validation and defaults. */
export type ClawConfig = Static<typeof ClawConfigSchema>;
export type AgentEntryConfig = NonNullable<ClawConfig["agents"]["list"]>[number];
export type AgentDefaultsConfig = ClawConfig["agents"]["defaults"];
export type ModelSelectionConfig = NonNullable<AgentDefaultsConfig["model"]>;
export type SessionSettings = ClawConfig["session"];
export type DmScopeValue = NonNullable<SessionSettings["dmScope"]>;
export type ResetPolicyConfig = NonNullable<SessionSettings["reset"]>;
export type GatewaySettings = ClawConfig["gateway"];
export type BindingConfig = NonNullable<ClawConfig["bindings"]>[number];

/**
 * The JSON Schema document `claw config schema` prints. Keys with a default are dropped from
 * `required` (they are optional to write; only the validated result always has them).
 *
 * @example
 * writeFileSync("claw.schema.json", JSON.stringify(configJsonSchema(), null, 2));
 */
export function configJsonSchema(): Record<string, unknown> {
  const relax = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(relax);
    if (typeof node !== "object" || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = relax(value);
    const properties = out.properties as Record<string, Record<string, unknown>> | undefined;
    if (Array.isArray(out.required) && properties) {
      const required = (out.required as string[]).filter(
        (k) => !(properties[k] && "default" in properties[k]),
      );
      if (required.length > 0) out.required = required;
      else delete out.required;
    }
    return out;
  };
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://claw.dev/schema/claw.json",
    ...(relax(JSON.parse(JSON.stringify(ClawConfigSchema))) as Record<string, unknown>),
  };
}
