/**
 * Agents from the config: per agent a workspace (seeded on first run), its coding tools, the
 * system prompt builder (bootstrap files + skills), the tool-policy filter, and its models.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import {
  type AgentDefinition,
  type AgentTool,
  createPolicyToolFilter,
  createPromptBuilder,
} from "@claw/agent-core";
import {
  type ClawConfig,
  isMainSession,
  modelSelectionRefs,
  resolveAgentConfig,
  resolveAgentWorkspaceDir,
  resolveDefaultAgentId,
  resolveElevated,
  resolveExecPolicy,
  resolveSessionSandbox,
  type SessionSandbox,
  sandboxToolRules,
} from "@claw/config";
import type { MemoryIndex } from "@claw/memory";
import {
  createBinaryLookup,
  createSkillIndex,
  resolveSkillDirs,
  type SkillIndex,
  seedWorkspace,
} from "@claw/prompt";
import {
  type CodingTools,
  createCodingTools,
  createImageTool,
  createMessageTool,
  createWorkspace,
  type ElevatedResolver,
  type ExecAllowlistStore,
  type ExecApprovalBroker,
  type ExecPolicy,
  guardWorkspaceAccess,
  type ImageAnalyzer,
  type MessagePort,
} from "@claw/tools";
import { configuredTools } from "./configured-tools.js";
import { createModelResolver, type ModelResolver } from "./models.js";
import { isCodingToolOffered, isExtraToolOffered, toolAbsenceReason } from "./offered-tools.js";
import { FALLBACK_PRIMARY_MODEL } from "./primary-model.js";

export { FALLBACK_PRIMARY_MODEL } from "./primary-model.js";

export interface AssembledAgent {
  definition: AgentDefinition;
  workspaceDir: string;
  agentDir: string;
  skills: SkillIndex;
  tools: CodingTools;
  /** Tools added by the assembly besides the coding tools (session tools, memory). */
  extraTools: AgentTool[];
  /** The `image` tool: reads from this agent's workspace and asks `analyzeImage`. */
  imageTool: AgentTool;
  /** Set by assembleClaw once models and credentials exist (see `createAgentImageAnalyzer`). */
  analyzeImage: ImageAnalyzer;
  /** How this agent's model refs resolve (the image tool is offered only when one accepts images). */
  models: Pick<ModelResolver, "resolve">;
  /** The `message` tool, offered while a chat channel account is configured. */
  messageTool: AgentTool;
  /** Filters applied after tool policy (e.g. the subagent depth rule). */
  extraFilters: ToolFilter[];
  /** The agent's memory index, when memory search is enabled (opened by assembleClaw). */
  memory?: MemoryIndex;
  /** The sandbox a session of this agent runs in, from the current config (reset on reload). */
  sandboxFor(sessionKey: string | undefined): SessionSandbox | undefined;
  /** `tools.exec.security` / `ask` for a session, from the current config (reset on reload). */
  execPolicyFor(sessionKey: string | undefined): ExecPolicy;
  /** `tools.elevated` for a session, from the current config (reset on reload). */
  elevatedFor: ElevatedResolver;
}

/** The exec approval machinery every agent shares: one pending table, one allowlist file. */
export interface ExecApprovalParts {
  broker: ExecApprovalBroker;
  allowlist: ExecAllowlistStore;
}

type ToolFilter = NonNullable<AgentDefinition["filterTools"]>;

export interface AgentAssemblyOptions {
  config: ClawConfig;
  stateDir: string;
  homeDir: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The repo's bundled `skills/` folder, when running from a checkout or package. */
  bundledSkillsDir?: string;
  watchSkills?: boolean;
  /** Exec policy and approvals; without them every command runs (the library default). */
  approvals?: ExecApprovalParts;
  /** The chat channels as the message tool sees them; without it the tool says channels are not running. */
  messagePort?: MessagePort;
  /** The gateway's model resolver (whether a model accepts images); by default the config's catalog. */
  models?: Pick<ModelResolver, "resolve">;
}

/** The message port of an assembly without chat channels (`claw agent --local`). */
const NO_CHANNELS: MessagePort = {
  conversation: () => undefined,
  capabilities: () => undefined,
  send: () => Promise.reject(new Error("message: this process runs no chat channels.")),
  edit: () => Promise.reject(new Error("message: this process runs no chat channels.")),
  react: () => Promise.reject(new Error("message: this process runs no chat channels.")),
};

/** `tools.message.allowTargets` of the config the agent was last configured with. */
const allowTargetsByAgent = new WeakMap<AssembledAgent, readonly string[]>();
function currentAllowTargets(agent: AssembledAgent): readonly string[] {
  return allowTargetsByAgent.get(agent) ?? [];
}

/** Whether a session key is the agent's main one, under the config the agent was last configured with. */
const mainSessionCheck = new WeakMap<AssembledAgent, (sessionKey: string) => boolean>();

/**
 * What a host (unsandboxed) command of a session must not see: the state dir (gateway token,
 * config, credentials, database) for every session but the agent's main one.
 */
function hostHiddenPaths(agent: AssembledAgent, stateDir: string, sessionKey: string | undefined): string[] {
  const isMain = sessionKey !== undefined && (mainSessionCheck.get(agent)?.(sessionKey) ?? false);
  return isMain ? [] : [stateDir];
}

/** Every configured agent, or one default agent when `agents.list` is empty. */
export function agentIds(config: ClawConfig): string[] {
  const list = config.agents.list ?? [];
  return list.length > 0 ? list.map((a) => a.id) : [resolveDefaultAgentId(config)];
}

export async function assembleAgents(options: AgentAssemblyOptions): Promise<AssembledAgent[]> {
  const { config } = options;
  const assembled: AssembledAgent[] = [];
  for (const id of agentIds(config)) {
    const defaults = config.agents.defaults;
    const workspaceDir = resolveAgentWorkspaceDir(config, id, {
      homeDir: options.homeDir,
      stateDir: options.stateDir,
    });
    // The folder must exist even when seeding is skipped: the tools and the prompt resolve it.
    await mkdir(workspaceDir, { recursive: true });
    if (!defaults.skipBootstrap) await seedWorkspace(workspaceDir);
    const agentDir = join(options.stateDir, "agents", id);
    const skills = createSkillIndex({
      dirs: resolveSkillDirs({
        bundledDir: options.bundledSkillsDir,
        managedDir: join(options.stateDir, "skills"),
        workspaceDir,
      }),
      watch: options.watchSkills ?? true,
    });
    // exec asks the agent per run, so a config reload changes the sandbox of the next command.
    const sandboxFor = (run: { sessionKey?: string }) => agent.sandboxFor(run.sessionKey);
    const tools = createCodingTools({
      workspaceDir,
      exec: {
        timeoutSeconds: config.tools.exec.timeoutSec,
        backgroundMs: config.tools.exec.backgroundMs,
        extraEnv: config.tools.exec.env,
        sandboxFor,
        hiddenPathsFor: (run) => hostHiddenPaths(agent, options.stateDir, run.sessionKey),
        elevated: (run) => agent.elevatedFor(run),
        ...(options.approvals
          ? {
              approvals: {
                broker: options.approvals.broker,
                allowlist: options.approvals.allowlist,
                policyFor: (run: { sessionKey?: string }) => agent.execPolicyFor(run.sessionKey),
              },
            }
          : {}),
      },
      webFetch: { maxChars: config.tools.web.fetch.maxChars, allowPrivate: config.tools.web.allowPrivate },
    });
    const imageTool = guardWorkspaceAccess(
      createImageTool({
        workspace: createWorkspace(workspaceDir),
        allowPrivate: config.tools.web.allowPrivate,
        analyze: (request) => agent.analyzeImage(request),
      }),
      "read",
      sandboxFor,
    );
    const agent: AssembledAgent = {
      definition: { id, model: { primary: FALLBACK_PRIMARY_MODEL } },
      workspaceDir,
      agentDir,
      skills,
      tools,
      extraTools: [],
      imageTool,
      models: options.models ?? createModelResolver(config),
      messageTool: createMessageTool({
        port: options.messagePort ?? NO_CHANNELS,
        allowTargets: () => currentAllowTargets(agent),
      }),
      analyzeImage: () => Promise.reject(new Error("image: no vision model is wired into this assembly.")),
      extraFilters: [],
      sandboxFor: () => undefined,
      execPolicyFor: () => ({ security: "deny", ask: "off" }),
      elevatedFor: () => ({ allowed: false, reason: "tools.elevated.enabled is off" }),
    };
    configureAgent(agent, config, options.env);
    assembled.push(agent);
  }
  return assembled;
}

/**
 * Sets everything of an agent's definition that comes from the config: models, thinking,
 * timeout, offered tools, tool policy and the prompt builder. Called at assembly and again on
 * every live config reload, on the same definition object the runtime holds.
 */
export function configureAgent(
  agent: AssembledAgent,
  config: ClawConfig,
  env: Readonly<Record<string, string | undefined>>,
): void {
  const { id } = agent.definition;
  const resolved = resolveAgentConfig(config, id);
  const defaults = config.agents.defaults;
  const refs = modelSelectionRefs(resolved?.model ?? defaults.model);
  const offered = agent.tools.tools.filter((t) => isCodingToolOffered(t.name, config));
  agent.sandboxFor = (sessionKey) => resolveSessionSandbox(config, id, sessionKey);
  mainSessionCheck.set(agent, (sessionKey) => isMainSession(config, id, sessionKey));
  allowTargetsByAgent.set(agent, config.tools.message.allowTargets ?? []);
  agent.execPolicyFor = (sessionKey) => resolveExecPolicy(config, id, sessionKey);
  agent.elevatedFor = (run) => resolveElevated(config, id, run.sessionKey);
  const policy = createPolicyToolFilter({
    global: config.tools,
    agent: { id, ...(resolved?.tools ?? defaults.tools) },
    maxSpawnDepth: resolved?.subagents?.maxSpawnDepth ?? defaults.subagents?.maxSpawnDepth,
    subagentTools: config.tools.subagents.tools,
    sandboxFor: (sessionKey) => sandboxToolRules(agent.sandboxFor(sessionKey)),
  });
  const extraFilters = agent.extraFilters;
  Object.assign(agent.definition, {
    default: id === resolveDefaultAgentId(config),
    model: { primary: refs[0] ?? FALLBACK_PRIMARY_MODEL, fallbacks: refs.slice(1) },
    tools: [
      ...offered,
      ...configuredTools(config, env),
      ...(toolAbsenceReason("image", config, id, env, agent.models) === undefined ? [agent.imageTool] : []),
      ...(toolAbsenceReason("message", config, id, env) === undefined ? [agent.messageTool] : []),
      ...agent.extraTools.filter((t) => isExtraToolOffered(t.name, config)),
    ],
    thinking: resolved?.thinkingDefault ?? defaults.thinkingDefault,
    timeoutSeconds: resolved?.timeoutSeconds ?? defaults.timeoutSeconds,
    filterTools: (list, context) =>
      extraFilters.reduce((kept, filter) => filter(kept, context), policy(list, context)),
    systemPrompt: createPromptBuilder({
      workspaceDir: agent.workspaceDir,
      skills: {
        index: agent.skills,
        selection: {
          eligibility: {
            env,
            hasBinary: createBinaryLookup({ path: env.PATH, platform: process.platform }),
            platform: process.platform,
            config,
          },
          allow: resolved?.skills ?? defaults.skills,
        },
      },
      identityLine: resolved?.identity?.name
        ? `You are ${resolved.identity.name}, a personal assistant running inside Claw.`
        : undefined,
      timeZone: defaults.userTimezone,
      bootstrap: { maxCharsPerFile: defaults.bootstrapMaxChars },
    }),
  } satisfies Partial<AgentDefinition>);
}
