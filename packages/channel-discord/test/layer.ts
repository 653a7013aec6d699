/**
 * Test wiring the way the gateway assembles it: a real agent-core runtime over the faux model,
 * the channel layer on a temporary state.db, and Discord accounts pointed at a fake Discord.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAgentRuntime, type RunHandle, replyTextSnapshots } from "@claw/agent-core";
import {
  type AccessSettings,
  type Channel,
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
import { createDiscordChannel, type DiscordChannelOptions } from "../src/index.js";
import type { FakeDiscord } from "../src/testing/index.js";

export const lastUserText = (messages: readonly { role: string; content: unknown }[]): string => {
  const last = [...messages].reverse().find((m) => m.role === "user");
  if (typeof last?.content === "string") return last.content;
  const blocks = (last?.content ?? []) as { type: string; text?: string }[];
  return blocks.map((b) => b.text ?? "").join("");
};

export interface LayerOptions {
  fakes: FakeDiscord[];
  access?: Partial<AccessSettings>;
  reply?: FauxStep;
  stateDir?: string;
  replyToMode?: "off" | "first" | "all";
  discord?: Partial<DiscordChannelOptions>;
  /** Streamed replies (drafts edited while the model writes), with a short interval for tests. */
  stream?: { mode: StreamMode; intervalMs?: number };
  /** Durable inbound (the gateway's inbound journal in state.db). */
  journal?: boolean;
  /** The manager's log lines, as `level message`. */
  logs?: string[];
}

export async function startLayer(options: LayerOptions) {
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "claw-dc-"));
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
  const runtime = createAgentRuntime({
    agents: [{ id: "main", model: { primary: ref }, tools: [], systemPrompt: "Test." }],
    resolveModel: (r) => models.get(r),
    stream: (model, context, streamOptions) => faux.stream(model, context, streamOptions),
  });
  const state = openAccountState(db);
  const pairing = openPairingStore(db);
  let manager: ReturnType<typeof createChannelManager> | undefined;
  const outbox = createChannelOutbox({
    store: openOutboxStore(db),
    send: (...args) => (manager as NonNullable<typeof manager>).send(...args),
    edit: (...args) => (manager as NonNullable<typeof manager>).edit(...args),
    textLimit: (...args) => (manager as NonNullable<typeof manager>).textLimit(...args),
    lineLimit: (...args) => (manager as NonNullable<typeof manager>).lineLimit(...args),
    retry: { minDelayMs: 20, maxDelayMs: 200 },
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
    typing: (...args) => (manager as NonNullable<typeof manager>).typing(...args),
    ...(options.stream
      ? {
          streaming: testStreaming<RunHandle>(
            () => manager as NonNullable<typeof manager>,
            options.stream,
            (run) => replyTextSnapshots(run.events),
          ),
        }
      : {}),
  });
  const channels: Channel[] = [];
  manager = createChannelManager({
    accounts: options.fakes.map((fake, i) => ({
      channel: "discord",
      accountId: i === 0 ? "default" : `bot${i}`,
      enabled: true,
      configured: true,
      create: () => {
        const channel = createDiscordChannel({
          token: fake.token,
          restApi: fake.restApi,
          accountId: i === 0 ? "default" : `bot${i}`,
          ...options.discord,
        });
        channels.push(channel);
        return channel;
      },
    })),
    state,
    onInbound: async (channel, message) => void (await pipeline.handle(channel, message)),
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
    state,
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
