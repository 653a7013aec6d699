export { ANNOUNCE_SKIP, announceMarker, formatAnnounce } from "./announce.js";
export {
  DEFAULT_SUBAGENT_LIMITS,
  ORCHESTRATOR_SESSION_TOOLS,
  SESSION_TOOL_NAMES,
  type SubagentLimits,
  spawnRefusal,
  subagentAllowsTool,
} from "./limits.js";
export { openSubagentOutbox, type SubagentOutbox, type SubagentRun, type SubagentStatus } from "./outbox.js";
export {
  createSubagentRegistry,
  type RecoveryReport,
  type SpawnAccepted,
  type SpawnRequest,
  type SubagentRegistry,
  type SubagentRegistryOptions,
} from "./registry.js";
export {
  formatThreadAnnounce,
  type SpawnMode,
  type SubagentThreadBinder,
  type ThreadAnnounceOutcome,
  threadSpawnRefusal,
} from "./thread-binding.js";
