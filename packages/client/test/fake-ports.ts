/** Gateway ports for client tests: the test scripts how a run starts; the rest answers little. */
import {
  acceptInMemory,
  type GatewayPorts,
  type RunHandle,
  type RunInput,
  type RunOutcome,
} from "@claw/gateway";

const unused = async () => {
  throw new Error("not used in client tests");
};

/**
 * Ports whose runs come from `start`; started runs are kept so `agent.wait` and a re-attached
 * `agent` request find them (as agent-core's registry would).
 */
export function fakePorts(
  start: (input: RunInput) => RunHandle,
  history: GatewayPorts["sessions"]["history"] = async () => [],
): GatewayPorts {
  const results = new Map<string, { sessionKey: string; result: Promise<RunOutcome> }>();
  const startRun = (input: RunInput) => {
    const handle = start(input);
    results.set(handle.runId, { sessionKey: input.sessionKey, result: handle.result });
    return handle;
  };
  return {
    runs: {
      start: startRun,
      accept: acceptInMemory(startRun),
      abort: () => 0,
      async wait(runId, timeoutMs) {
        const run = results.get(runId);
        if (!run) return undefined;
        const timeout = new Promise<undefined>((r) => setTimeout(() => r(undefined), timeoutMs).unref());
        return Promise.race([run.result, timeout]);
      },
      get: (runId) => {
        const run = results.get(runId);
        return run ? { runId, sessionKey: run.sessionKey } : undefined;
      },
      active: () => [],
    },
    sessions: {
      list: async () => [],
      patch: unused,
      reset: unused,
      delete: unused,
      compact: unused,
      history,
      describe: async () => undefined,
    },
    catalog: {
      agents: async () => [{ agentId: "main", isDefault: true }],
      models: async () => [],
      effectiveTools: unused,
      skills: async () => [],
      commands: async () => [],
    },
    status: { health: async () => ({ defaultAgentId: "main" }), status: unused, tailLogs: unused },
    config: { get: unused, patch: unused, apply: unused },
  };
}
