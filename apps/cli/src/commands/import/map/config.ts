/**
 * `openclaw.json` → `claw.json`. Shapes that differ are rewritten first (2026.9's
 * `agents.entries` map becomes `agents.list`, route bindings lose their `type`, workspaces that
 * lived inside the OpenClaw folder move to Claw's own places), then the document is fitted to
 * Claw's schema, and every key left behind is reported with the reason.
 */
import { isAbsolute, relative } from "node:path";
import { isRecord, type OpenClawState } from "../source/types.js";
import { fitToClawSchema, type ReasonTable, type Unmapped } from "./fit-schema.js";

/** Why known OpenClaw keys have no place in Claw. Longest prefix wins; add a row, not a branch. */
export const UNMAPPED_REASONS: ReasonTable = [
  ["meta", "OpenClaw's own bookkeeping (migrations, last version); Claw keeps none"],
  ["wizard", "onboarding history of OpenClaw; `claw onboard` keeps its own"],
  ["plugins", "Claw has no plugin system: its channels and tools are packages"],
  ["talk", "voice mode is not part of Claw"],
  ["ui", "OpenClaw's Control UI settings; Claw's web UI has none"],
  ["browser", "Claw has no browser tool"],
  ["update", "Claw is updated with npm, not by itself"],
  ["diagnostics", "OpenClaw's diagnostics settings have no Claw equivalent"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${ENV} reference shown to the user
  ["env", "Claw reads credentials from auth profiles or ${ENV} references, not a config env block"],
  ["gateway.mode", "Claw's gateway is always local to the host it runs on"],
  ["gateway.tailscale", "Claw does not manage Tailscale; bind to an address instead (gateway.bind)"],
  ["gateway.controlUi", "Claw's web UI has no settings"],
  ["gateway.remote", "remote mode: point the CLI at a gateway with --url instead"],
  ["skills.install", "Claw does not install skill dependencies for you"],
  ["agents.ownership", "OpenClaw's agent ownership model has no Claw equivalent"],
  ["agents.defaults.systemAgent", "Claw's default agent is the one marked default in agents.list"],
  ["agents.defaults.heartbeat.agentId", "a heartbeat belongs to the agent it is configured on in Claw"],
  [
    "agents.list[].agentDir",
    "Claw keeps each agent's state in <state dir>/agents/<id>; auth profiles were imported there",
  ],
  ["cron.store", "cron jobs were imported into Claw's cron/jobs.json"],
  ["bindings[].type", "every Claw binding is a route; the type is implied"],
];

export interface AgentPlan {
  id: string;
  isDefault: boolean;
  /** The OpenClaw workspace folder (absolute, rebased), if any. */
  sourceWorkspace: string | undefined;
  /** True when the workspace lived inside the OpenClaw folder and is copied into Claw's. */
  copyWorkspace: boolean;
}

export interface MappedConfig {
  document: Record<string, unknown>;
  agents: AgentPlan[];
  unmapped: Unmapped[];
}

const insideRoot = (path: string, root: string) => {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
};

/** OpenClaw's agents as a list, from 2026.9's `entries` map or the older `list` array. */
function agentEntries(agents: Record<string, unknown>): Record<string, unknown>[] {
  if (isRecord(agents.entries))
    return Object.entries(agents.entries).map(([id, entry]) => ({ ...(isRecord(entry) ? entry : {}), id }));
  return Array.isArray(agents.list) ? agents.list.filter(isRecord) : [];
}

function defaultAgentId(agents: Record<string, unknown>, list: Record<string, unknown>[]): string {
  const marked = list.find((a) => a.default === true);
  if (marked) return String(marked.id);
  const defaults = isRecord(agents.defaults) ? agents.defaults : {};
  const system = isRecord(defaults.systemAgent) ? defaults.systemAgent.agentId : undefined;
  if (typeof system === "string" && list.some((a) => a.id === system)) return system;
  return String(list[0]?.id ?? "main");
}

function mapAgents(state: OpenClawState, unmapped: Unmapped[]) {
  const agents = isRecord(state.config.agents) ? state.config.agents : {};
  const entries = agentEntries(agents);
  if (entries.length === 0) entries.push({ id: "main" });
  const defaultId = defaultAgentId(agents, entries);
  const defaults = isRecord(agents.defaults) ? { ...agents.defaults } : {};
  const sharedWorkspace = typeof defaults.workspace === "string" ? defaults.workspace : undefined;
  if (sharedWorkspace && insideRoot(sharedWorkspace, state.root)) delete defaults.workspace;
  const plans: AgentPlan[] = [];
  const list = entries.map((entry, index) => {
    const id = String(entry.id).trim().toLowerCase();
    const { agentDir, id: _id, default: _default, ...rest } = entry;
    if (agentDir !== undefined)
      unmapped.push({ path: `agents.list[${index}].agentDir`, reason: reasonOf("agents.list[].agentDir") });
    const own = typeof entry.workspace === "string" ? entry.workspace : undefined;
    const workspace = own ?? (id === defaultId ? sharedWorkspace : undefined);
    const copyWorkspace = workspace === undefined || insideRoot(workspace, state.root);
    if (own && copyWorkspace) delete rest.workspace;
    plans.push({ id, isDefault: id === defaultId, sourceWorkspace: workspace, copyWorkspace });
    return { id, ...(id === defaultId ? { default: true } : {}), ...rest };
  });
  return { agents: { ...agents, entries: undefined, defaults, list }, plans };
}

function reasonOf(prefix: string): string {
  return UNMAPPED_REASONS.find((row) => row[0] === prefix)?.[1] ?? "";
}

function mapBindings(bindings: unknown, unmapped: Unmapped[]): unknown[] | undefined {
  if (!Array.isArray(bindings)) return undefined;
  const seen = new Set<string>();
  const out: unknown[] = [];
  bindings.forEach((binding, index) => {
    if (!isRecord(binding)) return;
    const { type, ...rest } = binding;
    if (type !== undefined && type !== "route") {
      unmapped.push({
        path: `bindings[${index}]`,
        reason: `binding type "${String(type)}" has no Claw equivalent`,
      });
      return;
    }
    if (type !== undefined)
      unmapped.push({ path: `bindings[${index}].type`, reason: reasonOf("bindings[].type") });
    const key = JSON.stringify(rest);
    if (!seen.has(key)) out.push(rest);
    seen.add(key);
  });
  return out;
}

/**
 * @example
 * const mapped = mapConfig(readOpenClawState("/home/me/.openclaw"));
 * validateConfig(mapped.document).ok; // true
 */
export function mapConfig(state: OpenClawState): MappedConfig {
  const unmapped: Unmapped[] = [];
  const { agents, plans } = mapAgents(state, unmapped);
  const source: Record<string, unknown> = { ...state.config, agents };
  delete (source.agents as Record<string, unknown>).entries;
  const bindings = mapBindings(state.config.bindings, unmapped);
  if (bindings) source.bindings = bindings;
  delete source.$schema;
  const fitted = fitToClawSchema(source, UNMAPPED_REASONS);
  return { document: fitted.document, agents: plans, unmapped: [...unmapped, ...fitted.unmapped] };
}
