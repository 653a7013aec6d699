/**
 * Store first, download after: an inbound message whose files the channel deferred
 * (`MediaRef.remote`) is journalled with the references and its bare text, so the platform can
 * be acknowledged at once; the files are fetched from the stored record just before the message
 * is dispatched (live, or after a restart), and a file that cannot be fetched reaches the agent
 * as "not downloaded: <reason>" instead of the message being dropped.
 */
import type { MediaRef } from "../contract/channel.js";
import type { InboundMessage } from "../inbound/types.js";
import { inboundText } from "./reply-of.js";

/** Fetches a deferred file for an account (the gateway wires each channel's fetcher). */
export type FetchInboundMedia = (channel: string, accountId: string, media: MediaRef) => Promise<MediaRef>;

/** A journalled message with files still to fetch: `text` is the bare text, without file lines. */
export interface DeferredMediaMessage extends InboundMessage {
  deferredMedia?: readonly MediaRef[];
}

/** The message as journalled: ready files become text lines, deferred ones wait in `deferredMedia`. */
export function journalledText(message: { text: string; media?: readonly MediaRef[] }): {
  text: string;
  deferredMedia?: readonly MediaRef[];
} {
  const media = message.media ?? [];
  const deferred = media.filter((m) => m.remote !== undefined);
  if (deferred.length === 0) return { text: inboundText(message) };
  return { text: message.text, deferredMedia: media };
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The message with its deferred files fetched and listed in its text, as the agent sees it.
 * @example
 * const ready = await withFetchedMedia(row.message, "slack", "default", fetchMedia); // text ends "[document attached: /…/notes.txt]"
 */
export async function withFetchedMedia(
  message: DeferredMediaMessage,
  channel: string,
  accountId: string,
  fetch: FetchInboundMedia | undefined,
): Promise<InboundMessage> {
  const { deferredMedia, ...rest } = message;
  if (!deferredMedia?.length) return message;
  const media = await Promise.all(
    deferredMedia.map(async (ref): Promise<MediaRef> => {
      const { remote, ...known } = ref;
      if (!remote) return known;
      if (!fetch) return { ...known, skipped: `no file downloader for ${channel}` };
      try {
        const fetched = await fetch(channel, accountId, ref);
        const { remote: _left, ...done } = fetched;
        return done.path || done.skipped ? done : { ...done, skipped: "the download gave no file" };
      } catch (error) {
        return { ...known, skipped: `download failed: ${describe(error)}` };
      }
    }),
  );
  return { ...rest, text: inboundText({ text: message.text, media }), hasMedia: true };
}
