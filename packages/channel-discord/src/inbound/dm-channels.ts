/**
 * The DM channels the bot knows, by person, kept in the account state so a fresh gateway session
 * (after INVALID_SESSION or a restart) can read them back even when nobody wrote there before
 * the outage. Discord gives a bot no list of its DMs: a DM channel becomes known when a message
 * arrives in it, when the bot opens it to send (`POST /users/@me/channels`, which returns the
 * existing channel), when READY lists it in `private_channels` (bots usually get an empty list),
 * or when the app names a person the bot should know (allowlisted or paired) and the channel is
 * opened for them. A first DM from a stranger while the gateway is down stays unrecoverable.
 */
import type { ChannelContext } from "@claw/channels";
import { type APIChannel, type REST, Routes } from "discord.js";

/** The channel state key holding `{ [userId]: dmChannelId }`. */
export const DM_CHANNELS_KEY = "dmChannels";

const SNOWFLAKE = /^\d{15,21}$/;

export interface DmChannels {
  /** Notes a person's DM channel (persisted when new). */
  remember(userId: string, channelId: string): void;
  channelOf(userId: string): string | undefined;
  /** Every known DM channel id. */
  channelIds(): string[];
  /** Notes the DM channels a READY payload lists in `private_channels`, if any; returns their ids. */
  rememberFromReady(ready: unknown): string[];
  /**
   * Opens (Discord returns the existing one) the DM channel of each person not yet known; returns
   * the ids newly learned. A failure is logged per person, never thrown.
   */
  openFor(userIds: readonly string[], rest: REST, signal: AbortSignal): Promise<string[]>;
}

export interface DmChannelsOptions {
  state: ChannelContext["state"];
  log: ChannelContext["log"];
  /** Most people remembered (default 5,000; the least recently learned are forgotten). */
  max?: number;
}

function load(options: DmChannelsOptions): Map<string, string> {
  const raw = options.state.get(DM_CHANNELS_KEY);
  if (!raw) return new Map();
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      throw new Error("not an object");
    return new Map(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => SNOWFLAKE.test(entry[0]) && SNOWFLAKE.test(String(entry[1])),
      ),
    );
  } catch (error) {
    options.log(
      "warn",
      `discord: the remembered DM channels (${DM_CHANNELS_KEY}) are unreadable; starting over`,
      {
        error: error instanceof Error ? error.message : String(error),
      },
    );
    return new Map();
  }
}

/** `recipients[0].id` of a DM channel object (READY's and REST's shape), or undefined. */
function recipientOf(channel: unknown): string | undefined {
  if (typeof channel !== "object" || channel === null) return undefined;
  const { type, recipients } = channel as { type?: unknown; recipients?: unknown };
  if (type !== 1 || !Array.isArray(recipients)) return undefined;
  const id = (recipients[0] as { id?: unknown } | undefined)?.id;
  return typeof id === "string" && SNOWFLAKE.test(id) ? id : undefined;
}

/**
 * @example
 * const dms = createDmChannels({ state: ctx.state, log: ctx.log });
 * dms.remember("200000000000000042", "1574945180887285760");
 * await dms.openFor(["200000000000000043"], rest, ctx.signal); // → ["…the new DM channel id"]
 */
export function createDmChannels(options: DmChannelsOptions): DmChannels {
  const known = load(options);
  const max = options.max ?? 5_000;
  const save = () => options.state.set(DM_CHANNELS_KEY, JSON.stringify(Object.fromEntries(known)));

  const remember = (userId: string, channelId: string) => {
    if (known.get(userId) === channelId) return;
    known.set(userId, channelId);
    while (known.size > max) known.delete(known.keys().next().value as string);
    save();
  };

  return {
    remember,
    channelOf: (userId) => known.get(userId),
    channelIds: () => [...new Set(known.values())],
    rememberFromReady(ready) {
      const list = (ready as { private_channels?: unknown } | undefined)?.private_channels;
      if (!Array.isArray(list)) return [];
      const ids: string[] = [];
      for (const channel of list) {
        const userId = recipientOf(channel);
        const id = (channel as { id?: unknown }).id;
        if (userId && typeof id === "string" && SNOWFLAKE.test(id)) {
          remember(userId, id);
          ids.push(id);
        }
      }
      return ids;
    },
    async openFor(userIds, rest, signal) {
      const learned: string[] = [];
      for (const userId of new Set(userIds)) {
        if (signal.aborted) break;
        if (!SNOWFLAKE.test(userId) || known.has(userId)) continue;
        try {
          const channel = (await rest.post(Routes.userChannels(), {
            body: { recipient_id: userId },
          })) as APIChannel;
          remember(userId, channel.id);
          learned.push(channel.id);
        } catch (error) {
          options.log("warn", `discord: could not open the DM channel of ${userId} to read it back`, {
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
      return learned;
    },
  };
}
