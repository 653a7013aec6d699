/**
 * Builds the gateway's capability ports from the agent runtime and the assembled config, models,
 * skills and logs. The gateway never sees agent-core's internals; each port is built on its own.
 */

import type { AgentRuntime, CommandOptions, PersistentSessionStore, RunInbox } from "@claw/agent-core";
import type { AuthStore } from "@claw/failover";
import type { GatewayPorts } from "@claw/gateway";
import type { ExecApprovalBroker } from "@claw/tools";
import type { AssembledAgent } from "../assemble/agents.js";
import type { CronAssembly } from "../assemble/cron.js";
import type { ModelResolver } from "../assemble/models.js";
import type { ServerProbe } from "../assemble/ollama-probe.js";
import { createApprovalsPort } from "./approvals-port.js";
import { workspaceOf } from "./attachments.js";
import { createCatalogPort, createMemoryPort } from "./catalog-port.js";
import type { ConfigAccess } from "./config-access.js";
import { createCronPort } from "./cron-port.js";
import { createAuthStatusPort } from "./diagnostics-port.js";
import { createHeartbeatPort } from "./heartbeat-port.js";
import type { LogFile } from "./log-file.js";
import { type ClawRunsPort, createRunsPort } from "./runs-port.js";
import { createSessionsPort } from "./sessions-port.js";
import { createStatusPort } from "./status-port.js";

export interface GatewayPortParts {
  runtime: AgentRuntime;
  sessions: PersistentSessionStore;
  agents: readonly AssembledAgent[];
  models: ModelResolver;
  hasCredential: (provider: string) => boolean;
  /** Whether a keyless local server (Ollama) answers; its models are unavailable while it does not. */
  ollama?: ServerProbe;
  config: ConfigAccess;
  logs: LogFile;
  version: string;
  stateDir: string;
  toolProfile?: string;
  /** Command handling (`/stop` children, `/compact`, …); commands are off when omitted. */
  commands?: CommandOptions;
  /** Pending exec approvals (`exec.approval.*`); the list is empty when omitted. */
  approvals?: ExecApprovalBroker;
  /** The durable inbox behind `chat.send` / `agent` (agent-core's `openRunInbox(stateDbPath)`). */
  inbox: RunInbox;
  /** Scheduled jobs and the heartbeat: `cron.*` methods, heartbeat status and health. */
  cron?: CronAssembly;
  /** Built tools an agent is not offered and why (for `tools.effective`). */
  absentTools?: (agentId: string) => { tool: string; reason: string }[];
  /** Credentials and their failover state: `models.authStatus`. */
  auth?: { store: AuthStore; keyless(): readonly string[] };
}

/**
 * @example
 * const ports = createGatewayPorts({ runtime, sessions, agents, models, hasCredential, config, logs,
 *   version, stateDir, inbox: openRunInbox(stateDbPath) });
 * await ports.runs.durable.recover(); // resume what a crash left queued, before serving
 * await startGateway({ ports, stateDbPath });
 */
export function createGatewayPorts(parts: GatewayPortParts): GatewayPorts & { runs: ClawRunsPort } {
  return {
    runs: createRunsPort({
      ...parts,
      onInboxError: (message, fields) => parts.logs.write("error", message, fields),
      workspaceOf: (agentId) => workspaceOf(parts.agents, agentId),
    }),
    sessions: createSessionsPort(parts),
    catalog: createCatalogPort(parts),
    config: parts.config,
    status: createStatusPort(parts),
    memory: createMemoryPort(parts.runtime, parts.agents),
    ...(parts.approvals ? { approvals: createApprovalsPort(parts.approvals) } : {}),
    ...(parts.cron ? { cron: createCronPort(parts.cron.service, parts.cron) } : {}),
    ...(parts.cron ? { heartbeat: createHeartbeatPort(parts.cron) } : {}),
    ...(parts.auth ? { auth: createAuthStatusPort(parts.auth) } : {}),
  };
}
