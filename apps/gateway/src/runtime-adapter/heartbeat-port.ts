/** The gateway's heartbeat port: `wake`, `last-heartbeat` and `set-heartbeats` on the cron assembly. */
import { beatToWire } from "@claw/cron";
import type { HeartbeatPort } from "@claw/gateway";
import type { CronAssembly } from "../assemble/cron.js";

export function createHeartbeatPort(cron: CronAssembly): HeartbeatPort {
  return {
    async wake(params) {
      cron.wake({
        text: params.text,
        mode: params.mode,
        ...(params.sessionKey ? { sessionKey: params.sessionKey } : {}),
        ...(params.agentId ? { agentId: params.agentId } : {}),
      });
      return { ok: true };
    },
    async last() {
      const beat = cron.lastBeat();
      return beat ? beatToWire(beat) : null;
    },
    async setEnabled(enabled) {
      cron.heartbeat.setEnabled(enabled);
      return { ok: true, enabled: cron.heartbeat.enabled() };
    },
  };
}
