/**
 * Connects the subagent registry's thread binding (`sessions_spawn` with `thread: true`) to the
 * chat channels. The registry is assembled before the channels, so the binder is attached late:
 * until then a thread spawn is refused with a readable reason and an announce is left pending
 * (`recoverPending` posts it once the channels are attached), never sent somewhere else.
 */
import type { SubagentThreadBinder } from "@claw/agent-core";
import type { SubagentThreads } from "@claw/channels";

export interface LateSubagentThreads {
  /** What the subagent registry is given. */
  binder: SubagentThreadBinder;
  /** Called once the channels (their outbox and thread bindings) exist. */
  attach(threads: SubagentThreads): void;
}

const NOT_YET = "the gateway's chat channels are not running yet";

export function lateSubagentThreads(): LateSubagentThreads {
  let threads: SubagentThreads | undefined;
  return {
    attach(attached) {
      threads = attached;
    },
    binder: {
      async bind(request) {
        if (!threads) throw new Error(`thread: true: ${NOT_YET}; try again in a moment`);
        return threads.bind(request);
      },
      async announce(childSessionKey, text) {
        if (!threads) throw new Error(`${NOT_YET}; the result stays pending`);
        return threads.announce(childSessionKey, text);
      },
      // Until the bindings can be read, keep every session: archiving later is harmless.
      keepsSession: (sessionKey) => threads?.keepsSession(sessionKey) ?? true,
    },
  };
}
