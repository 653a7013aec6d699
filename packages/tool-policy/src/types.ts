/**
 * Plain typed options for a tool-policy resolution. Apps build them from config (`@claw/config`)
 * and runtime facts (sender, channel, model, subagent depth); this package never reads config.
 */
import type { ToolCatalogEntry } from "./catalog.js";
import type { ToolProfileId } from "./profiles.js";

/** An allow/deny list pair as written at one place in the config. */
export interface ToolRuleSet {
  /** Keep only these (ids, `group:*`, globs, `"*"`). Missing or empty: no restriction. */
  readonly allow?: readonly string[];
  /** Extra allow entries: joined to this scope's `allow` and to the profile layers. */
  readonly alsoAllow?: readonly string[];
  /** Remove these. Deny always wins over allow. */
  readonly deny?: readonly string[];
}

/** `tools.byProvider.<provider>` and `agents.list[].tools.byProvider.<provider>`. */
export interface ProviderToolPolicy extends ToolRuleSet {
  readonly profile?: ToolProfileId;
}

/** `tools` (global) and `agents.list[].tools`. */
export interface ScopeToolPolicy extends ProviderToolPolicy {
  /** Keyed by provider (`anthropic`) or `provider/model`; the more specific key wins. */
  readonly byProvider?: Readonly<Record<string, ProviderToolPolicy>>;
}

/** The agent's own `tools` block; `id` names it in explanations. */
export interface AgentToolPolicy extends ScopeToolPolicy {
  readonly id: string;
}

/** A rule set whose config path is only known to the caller (group, sandbox). */
export interface SourcedToolRuleSet extends ToolRuleSet {
  /** Config path printed by explain, e.g. `channels.telegram.groups[-100123].tools`. */
  readonly source?: string;
}

export interface SubagentToolOptions {
  /** 0 = main agent, 1 = spawned by main, 2 = spawned by a subagent, … */
  readonly depth: number;
  /** `agents.defaults.subagents.maxSpawnDepth` (default 1): a run at depth d may spawn iff d < max. */
  readonly maxSpawnDepth?: number;
  /** `tools.subagents.tools`: extra allow/deny for every subagent run (depth ≥ 1). */
  readonly tools?: SourcedToolRuleSet;
}

export interface ToolPolicyOptions {
  /** `tools.*`: profile, allow, alsoAllow, deny, byProvider. */
  readonly global?: ScopeToolPolicy;
  /** `agents.list[<id>].tools`; its `profile` replaces the global one. */
  readonly agent?: AgentToolPolicy;
  /** The model in use: selects `byProvider` entries and removes tools it cannot handle. */
  readonly model?: {
    readonly provider: string;
    readonly id?: string;
    readonly unsupportedTools?: readonly string[];
  };
  /** The delivery channel: tools needing a capability it lacks are removed. */
  readonly channel?: {
    readonly id: string;
    /** Omitted: capability filtering is skipped (unknown channel, CLI). */
    readonly capabilities?: readonly string[];
    readonly unsupportedTools?: readonly string[];
  };
  /** Group/chat policy (e.g. `channels.telegram.groups[<id>].tools`). */
  readonly group?: SourcedToolRuleSet;
  /** Sandbox tool policy, when the run is sandboxed. */
  readonly sandbox?: SourcedToolRuleSet;
  readonly subagent?: SubagentToolOptions;
  /** Unknown sender (or `isOwner` unset) is not an owner. */
  readonly sender?: { readonly isOwner?: boolean };
  /** Overrides the catalog's owner-only tools (`cron`, and any row flagged `ownerOnly`). */
  readonly ownerOnly?: readonly string[];
  /** Plugin groups, `{"group:lobster": ["lobster_send"]}`, usable in every list. */
  readonly groups?: Readonly<Record<string, readonly string[]>>;
  /**
   * Catalog rows registered beyond the built-in table (plugin tools): their groups, owner-only
   * flags and channel capabilities apply like built-in ones.
   */
  readonly extraTools?: readonly ToolCatalogEntry[];
  /** Plugin tool ids, so allow-lists naming them are not warned about. */
  readonly knownTools?: readonly string[];
}
