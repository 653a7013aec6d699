/**
 * Socket Mode: `@slack/socket-mode` opens the WebSocket URL that `apps.connections.open`
 * returns (on `slackApiUrl`), reconnects when Slack asks it to (`disconnect` / refresh) or the
 * socket drops, and each `events_api` envelope is acknowledged by its `envelope_id` once the
 * layer accepted the event (at the latest at the 3-second deadline), and not at all when the
 * layer could not store it. An envelope whose acknowledgement is lost (or withheld) is delivered
 * again by Slack; one already handled is dropped by the event router.
 */
import type { ChannelContext } from "@claw/channels";
import { normalizeSlackApiUrl, quietLogger } from "../api/slack-api.js";
import type { EventRouter, SlackEventCallback } from "../inbound/event-router.js";
import { acknowledgeWhenStored, settledOrDeadline } from "./ack-deadline.js";

export interface SocketModeOptions {
  appToken: string;
  slackApiUrl?: string;
  ctx: ChannelContext;
  router: EventRouter;
  /** How long to wait for a pong to our ping, and the base of the reconnect delay (default 5 000). */
  clientPingTimeoutMs?: number;
  /** How long to wait for Slack's ping before reconnecting (default 30 000). */
  serverPingTimeoutMs?: number;
}

interface SlackEnvelopeArgs {
  ack(response?: Record<string, unknown>): Promise<void>;
  type: string;
  envelope_id?: string;
  body?: SlackEventCallback;
  retry_num?: number;
  retry_reason?: string;
}

const STOP_WAIT_MS = 2_000;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Connects; resolves once Slack said hello. `stop()` disconnects without reconnecting. */
export async function startSocketMode(options: SocketModeOptions): Promise<{ stop(): Promise<void> }> {
  const { ctx, router } = options;
  // Loaded here, not at import: the SDK and its WebSocket stack cost ~20 MB and ~0.4 s to load.
  const { SocketModeClient } = await import("@slack/socket-mode");
  const client = new SocketModeClient({
    appToken: options.appToken,
    logger: quietLogger,
    clientOptions: { slackApiUrl: normalizeSlackApiUrl(options.slackApiUrl) },
    ...(options.clientPingTimeoutMs !== undefined ? { clientPingTimeout: options.clientPingTimeoutMs } : {}),
    ...(options.serverPingTimeoutMs !== undefined ? { serverPingTimeout: options.serverPingTimeoutMs } : {}),
  });
  client.on("slack_event", (args: SlackEnvelopeArgs) => {
    const work =
      args.type === "events_api" && args.body
        ? router.handle(args.body, {
            ...(args.retry_num !== undefined ? { retryNum: args.retry_num } : {}),
            ...(args.retry_reason ? { retryReason: args.retry_reason } : {}),
          })
        : Promise.resolve();
    void acknowledgeWhenStored(work)
      // Not stored: no ack, so Slack delivers the envelope again (the layer logged it already).
      .then((acknowledge) => (acknowledge ? args.ack() : undefined))
      .catch((error: unknown) =>
        ctx.log("warn", "a Socket Mode acknowledgement was not sent; Slack will deliver the event again", {
          envelopeId: args.envelope_id,
          error: describe(error),
        }),
      );
  });
  client.on("connected", () => ctx.setConnected(true));
  client.on("reconnecting", () => ctx.setConnected(false, "Socket Mode reconnecting"));
  client.on("error", (error: unknown) => ctx.log("warn", "Socket Mode error", { error: describe(error) }));
  const onAbort = () => void client.disconnect().catch(() => {});
  ctx.signal.addEventListener("abort", onAbort, { once: true });
  try {
    await client.start();
  } catch (error) {
    ctx.signal.removeEventListener("abort", onAbort);
    await client.disconnect().catch(() => {});
    throw new Error(`slack: Socket Mode could not connect: ${describe(error)}`);
  }
  return {
    async stop() {
      ctx.signal.removeEventListener("abort", onAbort);
      // A socket that is already gone may never finish the close handshake: do not wait 30 s for it.
      await settledOrDeadline(client.disconnect(), STOP_WAIT_MS);
      client.removeAllListeners();
    },
  };
}
