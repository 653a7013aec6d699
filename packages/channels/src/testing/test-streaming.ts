/** Streamed replies through a channel manager, the way the gateway wires them, for layer tests. */

import type { InboundRun } from "../inbound/types.js";
import type { ChannelManager } from "../manager/channel-manager.js";
import { chunkForChannel } from "../outbox/chunk-for-channel.js";
import type { ReplyStreaming } from "../pipeline/stream-run.js";
import type { StreamMode } from "../reply/draft-stream.js";

export interface TestStreamSettings {
  mode: StreamMode;
  /** Least time between draft updates (default 50 ms, short for tests). */
  intervalMs?: number;
  blockChunk?: { minChars?: number; maxChars?: number };
}

/**
 * @example
 * createChannelPipeline({ …, streaming: testStreaming(() => manager, { mode: "partial" }, (run) => replyTextSnapshots(run.events)) });
 */
export function testStreaming<TRun extends InboundRun>(
  manager: () => ChannelManager,
  settings: TestStreamSettings,
  replyText: (run: TRun) => AsyncIterable<string>,
): ReplyStreaming<TRun> {
  return {
    mode: () => settings.mode,
    intervalMs: settings.intervalMs ?? 50,
    blockChunk: () => settings.blockChunk,
    replyText,
    send: (...args) => manager().send(...args),
    edit: (...args) => manager().edit(...args),
    delete: (...args) => manager().delete(...args),
    canEdit: (...args) => manager().canEdit(...args),
    textLimit: (...args) => manager().textLimit(...args),
    // Drafts split as the outbox splits the final text (Discord's line cap included).
    chunk: (...args) => {
      const maxLines = manager().lineLimit(...args);
      return (text, limit) => chunkForChannel(text, limit, maxLines ? { maxLines } : {});
    },
  };
}
