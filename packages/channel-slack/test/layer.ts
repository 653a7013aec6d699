/**
 * Test (and benchmark) wiring the way the gateway assembles it: a real agent-core runtime over
 * the faux model, the channel layer on a temporary state.db, and one Slack account pointed at a
 * fake Slack.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAgentRuntime, type RunHandle, replyTextSnapshots } from "@claw/agent-core";
import {
  type AccessSettings,
  createChannelManager,
  createChannelOutbox,
  createChannelPipeline,
  openAccountState,
  openInboundJournal,
  openOutboxStore,
  openPairingStore,
  type StreamMode,
} from "@claw/channels";
import { testStreaming, waitUntil } from "@claw/channels/testing";
import { createFauxProvider, type FauxStep, type Model } from "@claw/providers";
import { openSqliteDatabase } from "@claw/sqlite";
import { createSlackChannel, type SlackChannel, type SlackChannelOptions } from "../src/index.js";

/** The text of the last user message the model was shown. */
export const lastUserText = (messages: readonly { role: string; content: unknown }[]): string => {
  const last = [...messages].reverse().find((m) => m.role === "user");
  if (typeof last?.content === "string") return last.content;
  return ((last?.content ?? []) as { text?: string }[]).map((b) => b.text ?? "").join("");
};

export interface SlackLayerOptions {
  /** Where the account points: the fake's tokens and `apiUrl`. */
  slack: { botToken: string; appToken: string; apiUrl: string };
  access?: Partial<AccessSettings>;
  reply?: FauxStep;
  stateDir?: string;
  channel?: Partial<SlackChannelOptions>;
  replyToMode?: "off" | "first" | "all";
  /** Told each time the runtime starts a run (the benchmark's stopwatch). */
  onRunStart?: () => void;
  /** When it returns true, an inbound message stops at the layer's door (the benchmark's baseline). */
  bypassLayer?: () => boolean;
  /** Outbox retry timing (default 20 → 200 ms, for fast tests). */
  retry?: { minDelayMs: number; maxDelayMs: number };
  /** Streamed replies (drafts edited while the model writes), with a short interval for tests. */
  stream?: { mode: StreamMode; intervalMs?: number };
  /** Durable inbound (the gateway's inbound journal in state.db). */
  journal?: boolean;
  /** The manager's log lines, as `level message`. */
  logs?: string[];
}

export async function startSlackLayer(options: SlackLayerOptions) {
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "claw-slack-"));
  const db = openSqliteDatabase(join(stateDir, "state.db"));
  db.pragma("journal_mode = WAL");
  const faux = createFauxProvider(
    [options.reply ?? ((call) => `seen: ${lastUserText(call.context.messages)}`)],
    {
      provider: `faux-${Math.random().toString(36).slice(2)}`,
      whenExhausted: "repeat-last",
    },
  );
  const ref = `${faux.model.provider}/${faux.model.id}`;
  const models = new Map<string, Model>([[ref, faux.model]]);
  const agentRuntime = createAgentRuntime({
    agents: [{ id: "main", model: { primary: ref }, tools: [], systemPrompt: "Test." }],
    resolveModel: (r) => models.get(r),
    stream: (model, context, streamOptions) => faux.stream(model, context, streamOptions),
  });
  const onRunStart = options.onRunStart;
  const runtime: typeof agentRuntime = onRunStart
    ? Object.assign(Object.create(agentRuntime) as typeof agentRuntime, {
        run: (request: Parameters<typeof agentRuntime.run>[0]) => {
          onRunStart();
          return agentRuntime.run(request);
        },
      })
    : agentRuntime;
  const state = openAccountState(db);
  const pairing = openPairingStore(db);
  let manager: ReturnType<typeof createChannelManager> | undefined;
  const running = () => manager as NonNullable<typeof manager>;
  const outbox = createChannelOutbox({
    store: openOutboxStore(db),
    send: (...args) => running().send(...args),
    edit: (...args) => running().edit(...args),
    textLimit: (...args) => running().textLimit(...args),
    retry: options.retry ?? { minDelayMs: 20, maxDelayMs: 200 },
  });
  const pipeline = createChannelPipeline<RunHandle>({
    runtime,
    routing: { defaultAgentId: "main", dmScope: "per-channel-peer" },
    access: () => ({ dmPolicy: "pairing", groupPolicy: "open", ...options.access }),
    replyToMode: () => options.replyToMode ?? "off",
    pairing,
    state,
    ...(options.journal ? { journal: openInboundJournal(db, state) } : {}),
    deliver: outbox.deliver,
    typing: (...args) => running().typing(...args),
    ...(options.stream
      ? {
          streaming: testStreaming<RunHandle>(running, options.stream, (run) =>
            replyTextSnapshots(run.events),
          ),
        }
      : {}),
  });
  const channels: SlackChannel[] = [];
  manager = createChannelManager({
    accounts: [
      {
        channel: "slack",
        accountId: "default",
        enabled: true,
        configured: true,
        create: () => {
          const channel = createSlackChannel({
            botToken: options.slack.botToken,
            appToken: options.slack.appToken,
            slackApiUrl: options.slack.apiUrl,
            socket: { clientPingTimeoutMs: 1_000 },
            ...options.channel,
          });
          channels.push(channel);
          return channel;
        },
      },
    ],
    state,
    onInbound: async (channel, message) => {
      if (options.bypassLayer?.()) options.onRunStart?.();
      else await pipeline.handle(channel, message);
    },
    restart: { minDelayMs: 20, maxDelayMs: 100 },
    ...(options.logs
      ? { log: (level: string, text: string) => void options.logs?.push(`${level} ${text}`) }
      : {}),
    onConnected: () => outbox.kick(),
  });
  outbox.start();
  await manager.start();
  return {
    stateDir,
    db,
    runtime,
    faux,
    pairing,
    pipeline,
    manager,
    outbox,
    channels,
    async stop(removeState = true) {
      await manager?.stop();
      await outbox.stop();
      db.close();
      if (removeState) rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it returns true (or fails after `ms`). */
export const until = (check: () => boolean, ms = 5_000, what = "condition"): Promise<void> =>
  waitUntil(check, { ms, what });
