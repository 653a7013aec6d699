import Type, { type Static, type TSchema } from "typebox";
import { StateVersion } from "./frames.js";
import { ConnectChallenge, HealthSummary, PresenceEntry, ShutdownEvent, TickEvent } from "./handshake.js";
import { AgentParams, AgentResult, AgentWaitParams, AgentWaitResult } from "./methods/agent.js";
import { AgentEvent } from "./methods/agent-event.js";
import * as agents from "./methods/agents.js";
import * as approvals from "./methods/approvals.js";
import * as browser from "./methods/browser.js";
import * as channels from "./methods/channels.js";
import * as chat from "./methods/chat.js";
import * as commands from "./methods/commands.js";
import * as config from "./methods/config.js";
import * as cron from "./methods/cron.js";
import * as devices from "./methods/devices.js";
import * as diagnostics from "./methods/diagnostics.js";
import * as heartbeat from "./methods/heartbeat.js";
import * as sessionEvents from "./methods/session-events.js";
import * as sessions from "./methods/sessions.js";
import * as system from "./methods/system.js";
import type { MethodScope } from "./scopes.js";

/**
 * One row of the method table: everything the server and docs need to know about a method. It
 * keeps its schemas' TypeBox types, so clients and handlers are typed from the same row.
 */
export interface MethodSpec<P extends TSchema = TSchema, R extends TSchema = TSchema> {
  params: P;
  result: R;
  /** Operator scope needed, or `node` for node-only methods. */
  scope: MethodScope;
  /** Side-effecting methods take an `idempotencyKey` param and are deduplicated. */
  sideEffect: boolean;
  summary: string;
}

function m<P extends TSchema, R extends TSchema>(
  params: P,
  result: R,
  scope: MethodScope,
  summary: string,
  sideEffect = false,
): MethodSpec<P, R> {
  return { params, result, scope, sideEffect, summary };
}

/**
 * Every gateway method. The hello-ok `features.methods` list, the JSON Schema export and the
 * server's dispatcher are all derived from this table.
 */
export const METHODS = {
  health: m(
    system.HealthParams,
    HealthSummary,
    "operator.read",
    "Health summary of the gateway and runtime.",
  ),
  status: m(
    system.StatusParams,
    system.StatusResult,
    "operator.read",
    "Process, sessions and heartbeat status.",
  ),
  "system-presence": m(
    system.SystemPresenceParams,
    system.SystemPresenceResult,
    "operator.read",
    "Connected instances.",
  ),
  agent: m(
    AgentParams,
    AgentResult,
    "operator.write",
    "Start an agent run: ack, streamed `agent` events, final result.",
    true,
  ),
  "agent.wait": m(
    AgentWaitParams,
    AgentWaitResult,
    "operator.write",
    "Wait for a run to end (default 30 s).",
  ),
  "chat.send": m(
    chat.ChatSendParams,
    chat.ChatSendResult,
    "operator.write",
    "Send a chat message; streams `chat` events.",
    true,
  ),
  "chat.history": m(
    chat.ChatHistoryParams,
    chat.ChatHistoryResult,
    "operator.read",
    "Transcript messages of a session.",
  ),
  "chat.abort": m(
    chat.ChatAbortParams,
    chat.ChatAbortResult,
    "operator.write",
    "Abort the running turn of a session.",
  ),
  "sessions.list": m(
    sessions.SessionsListParams,
    sessions.SessionsListResult,
    "operator.read",
    "List sessions.",
  ),
  "sessions.patch": m(
    sessions.SessionsPatchParams,
    sessions.SessionsPatchResult,
    "operator.write",
    "Change session settings.",
  ),
  "sessions.reset": m(
    sessions.SessionsResetParams,
    sessions.SessionsResetResult,
    "operator.admin",
    "Start a new session id for a key.",
  ),
  "sessions.compact": m(
    sessions.SessionsCompactParams,
    sessions.SessionsCompactResult,
    "operator.admin",
    "Compact a session's history now (summarise what is older than the kept tail).",
  ),
  "sessions.delete": m(
    sessions.SessionsDeleteParams,
    sessions.SessionsDeleteResult,
    "operator.admin",
    "Delete a session.",
  ),
  "config.get": m(
    config.ConfigGetParams,
    config.ConfigGetResult,
    "operator.read",
    "Current config and its hash.",
  ),
  "config.patch": m(
    config.ConfigWriteParams,
    config.ConfigWriteResult,
    "operator.admin",
    "Merge a change into the config.",
  ),
  "config.apply": m(
    config.ConfigWriteParams,
    config.ConfigWriteResult,
    "operator.admin",
    "Replace the config.",
  ),
  "models.list": m(system.ModelsListParams, system.ModelsListResult, "operator.read", "Known models."),
  "tools.effective": m(
    system.ToolsEffectiveParams,
    system.ToolsEffectiveResult,
    "operator.read",
    "Tools a session may call.",
  ),
  "skills.list": m(system.SkillsListParams, system.SkillsListResult, "operator.read", "Installed skills."),
  "memory.search": m(
    system.MemorySearchParams,
    system.MemorySearchResult,
    "operator.read",
    "Search agent memory.",
  ),
  "logs.tail": m(system.LogsTailParams, system.LogsTailResult, "operator.read", "Tail the gateway log."),
  "device.pair.list": m(
    devices.DevicePairListParams,
    devices.DevicePairListResult,
    "operator.pairing",
    "Pending and paired devices.",
  ),
  "device.pair.approve": m(
    devices.DevicePairDecisionParams,
    devices.DevicePairDecisionResult,
    "operator.pairing",
    "Approve a pairing request.",
  ),
  "device.pair.reject": m(
    devices.DevicePairDecisionParams,
    devices.DevicePairDecisionResult,
    "operator.pairing",
    "Reject a pairing request.",
  ),
  "device.token.rotate": m(
    devices.DeviceTokenRotateParams,
    devices.DeviceTokenRotateResult,
    "operator.pairing",
    "Issue a new device token.",
  ),
  "device.token.revoke": m(
    devices.DeviceTokenRevokeParams,
    devices.DeviceTokenRevokeResult,
    "operator.pairing",
    "Revoke a device token.",
  ),
  "exec.approval.list": m(
    approvals.ExecApprovalListParams,
    approvals.ExecApprovalListResult,
    "operator.approvals",
    "Commands waiting for approval.",
  ),
  "exec.approval.get": m(
    approvals.ExecApprovalGetParams,
    approvals.PendingExecApproval,
    "operator.approvals",
    "One pending approval.",
  ),
  "exec.approval.resolve": m(
    approvals.ExecApprovalResolveParams,
    approvals.ExecApprovalResolveResult,
    "operator.approvals",
    "Allow once, allow always (adds to the allowlist) or deny a pending command.",
  ),
  "plugin.approval.list": m(
    approvals.PluginApprovalListParams,
    approvals.PluginApprovalListResult,
    "operator.approvals",
    "Plugin approvals waiting (always none: Claw runs no plugins; for OpenClaw's clients).",
  ),
  "browser.status": m(
    browser.BrowserStatusParams,
    browser.BrowserStatusResult,
    "operator.read",
    "The managed browsers: Chromium found or not, and each profile's state.",
  ),
  "browser.start": m(
    browser.BrowserStartParams,
    browser.BrowserStartResult,
    "operator.admin",
    "Start a profile's browser now (default: the default agent's).",
  ),
  "browser.stop": m(
    browser.BrowserStopParams,
    browser.BrowserStopResult,
    "operator.admin",
    "Stop a profile's browser, or all of them.",
  ),
  "browser.profiles": m(
    browser.BrowserProfilesParams,
    browser.BrowserProfilesResult,
    "operator.read",
    "Every browser profile on disk or running.",
  ),
  "cron.list": m(cron.CronListParams, cron.CronListResult, "operator.read", "Scheduled jobs, soonest first."),
  "cron.add": m(cron.CronAddParams, cron.CronJob, "operator.admin", "Add a scheduled job."),
  "cron.update": m(cron.CronUpdateParams, cron.CronJob, "operator.admin", "Change a scheduled job."),
  "cron.remove": m(
    cron.CronRemoveParams,
    cron.CronRemoveResult,
    "operator.admin",
    "Remove a job and its runs.",
  ),
  "cron.run": m(
    cron.CronRunParams,
    cron.CronRunResult,
    "operator.admin",
    "Run a job now; answers when it ended.",
  ),
  "cron.runs": m(cron.CronRunsParams, cron.CronRunsResult, "operator.read", "Finished runs, newest first."),
  "cron.status": m(
    cron.CronStatusParams,
    cron.CronStatusResult,
    "operator.read",
    "Whether the scheduler runs, the job count and the next wake.",
  ),
  "cron.get": m(cron.CronGetParams, cron.CronJob, "operator.read", "One scheduled job."),
  "cron.scratch.get": m(
    cron.CronScratchGetParams,
    cron.CronScratchGetResult,
    "operator.admin",
    "A job's scratch pad (notes kept between its runs).",
  ),
  "cron.scratch.set": m(
    cron.CronScratchSetParams,
    cron.CronScratchSetResult,
    "operator.admin",
    "Write or clear a job's scratch pad; refused on a revision conflict.",
  ),
  wake: m(
    heartbeat.WakeParams,
    heartbeat.WakeResult,
    "operator.write",
    "Queue a system event; beat now or at the next heartbeat.",
  ),
  "last-heartbeat": m(
    heartbeat.LastHeartbeatParams,
    heartbeat.LastHeartbeatResult,
    "operator.read",
    "The latest heartbeat, or null.",
  ),
  "set-heartbeats": m(
    heartbeat.SetHeartbeatsParams,
    heartbeat.SetHeartbeatsResult,
    "operator.admin",
    "Pause or resume every agent's heartbeat.",
  ),
  "channels.status": m(
    channels.ChannelsStatusParams,
    channels.ChannelsStatusResult,
    "operator.read",
    "Chat channel accounts: running, connected, last error, optional probe.",
  ),
  "channels.pairing.list": m(
    channels.ChannelsPairingListParams,
    channels.ChannelsPairingListResult,
    "operator.pairing",
    "Pending DM pairing requests of chat channels.",
  ),
  "channels.pairing.approve": m(
    channels.ChannelsPairingApproveParams,
    channels.ChannelsPairingApproveResult,
    "operator.pairing",
    "Approve a DM pairing code: the sender may talk to the agent.",
  ),
  "channels.pairing.dismiss": m(
    channels.ChannelsPairingDismissParams,
    channels.ChannelsPairingDismissResult,
    "operator.pairing",
    "Deny a DM pairing code.",
  ),
  "channels.routes.explain": m(
    channels.ChannelsRoutesExplainParams,
    channels.ChannelsRoutesExplainResult,
    "operator.read",
    "Which agent and session a chat routes to, and which binding matched.",
  ),
  send: m(
    channels.SendParams,
    channels.SendResult,
    "operator.write",
    "Send a message to a chat through a channel (durable outbox).",
    true,
  ),
  "agents.list": m(
    agents.AgentsListParams,
    agents.AgentsListResult,
    "operator.read",
    "Configured agents, the default one and the session scope.",
  ),
  "sessions.subscribe": m(
    sessionEvents.SessionsSubscribeParams,
    sessionEvents.SessionsSubscribeResult,
    "operator.read",
    "Receive `sessions.changed` events on this connection (with params: also the session list).",
  ),
  "sessions.unsubscribe": m(
    sessionEvents.SessionsUnsubscribeParams,
    sessionEvents.SessionsUnsubscribeResult,
    "operator.read",
    "Stop `sessions.changed` events on this connection.",
  ),
  "sessions.describe": m(
    sessionEvents.SessionsDescribeParams,
    sessionEvents.SessionsDescribeResult,
    "operator.read",
    "One session's row, or null.",
  ),
  "commands.list": m(
    commands.CommandsListParams,
    commands.CommandsListResult,
    "operator.read",
    "Chat commands (`/new`, `/model`, …) a client can offer.",
  ),
  "models.authStatus": m(
    diagnostics.ModelsAuthStatusParams,
    diagnostics.ModelsAuthStatusResult,
    "operator.read",
    "Credentials and the cooldowns in force on each.",
  ),
  "doctor.memory.status": m(
    diagnostics.DoctorMemoryStatusParams,
    diagnostics.DoctorMemoryStatusResult,
    "operator.read",
    "Each agent's memory index: files, chunks, last index, dirty, vectors.",
  ),
} satisfies Record<string, MethodSpec>;

export type MethodName = keyof typeof METHODS;
/** The params a method takes: `MethodParams<"sessions.list">`. */
export type MethodParams<M extends MethodName> = Static<(typeof METHODS)[M]["params"]>;
/** What a method answers: `MethodResult<"sessions.list">`. */
export type MethodResult<M extends MethodName> = Static<(typeof METHODS)[M]["result"]>;

/** Whether an event carries `stateVersion` (it changes presence or health state). */
export interface EventSpec {
  payload: TSchema;
  stateful: boolean;
  summary: string;
}

/** Every gateway event, with its payload schema. */
export const EVENTS = {
  "connect.challenge": {
    payload: ConnectChallenge,
    stateful: false,
    summary: "Nonce to sign; sent on open.",
  },
  agent: {
    payload: AgentEvent,
    stateful: false,
    summary: "Run stream: lifecycle, assistant, tool, compaction, error.",
  },
  chat: { payload: chat.ChatEvent, stateful: false, summary: "Chat deltas and the final message." },
  presence: {
    payload: Type.Object({ presence: Type.Array(PresenceEntry) }, { additionalProperties: false }),
    stateful: true,
    summary: "Presence list changed.",
  },
  tick: { payload: TickEvent, stateful: false, summary: "Keep-alive every tickIntervalMs." },
  health: { payload: HealthSummary, stateful: true, summary: "Health summary changed." },
  shutdown: {
    payload: ShutdownEvent,
    stateful: false,
    summary: "Gateway stopping; reconnect after restartExpectedMs.",
  },
  "device.pair.requested": {
    payload: devices.DevicePairRequestedEvent,
    stateful: false,
    summary: "A device asks to pair.",
  },
  "device.pair.resolved": {
    payload: devices.DevicePairResolvedEvent,
    stateful: false,
    summary: "A pairing request was decided.",
  },
  "exec.approval.requested": {
    payload: approvals.PendingExecApproval,
    stateful: false,
    summary: "A command waits for approval (operator.approvals only).",
  },
  "exec.approval.resolved": {
    payload: approvals.ExecApprovalResolvedEvent,
    stateful: false,
    summary: "A pending command was allowed, denied or timed out (operator.approvals only).",
  },
  cron: {
    payload: cron.CronEventPayload,
    stateful: false,
    summary: "A cron job changed, or one of its runs started or finished.",
  },
  heartbeat: {
    payload: heartbeat.HeartbeatEventPayload,
    stateful: false,
    summary: "A heartbeat ran: sent, acked, skipped (with the reason) or failed.",
  },
  "sessions.changed": {
    payload: sessionEvents.SessionsChangedEvent,
    stateful: false,
    summary: "A session changed or a run on it started or ended (to `sessions.subscribe`rs).",
  },
} satisfies Record<string, EventSpec>;

export type EventName = keyof typeof EVENTS;
/** The payload of an event: `EventPayload<"agent">` is the `AgentEvent` union. */
export type EventPayload<E extends EventName> = Static<(typeof EVENTS)[E]["payload"]>;

/** Method names, for hello-ok `features.methods`. */
export const GATEWAY_METHODS = Object.keys(METHODS) as MethodName[];
/** Event names, for hello-ok `features.events`. */
export const GATEWAY_EVENTS = Object.keys(EVENTS) as EventName[];

export { StateVersion };
