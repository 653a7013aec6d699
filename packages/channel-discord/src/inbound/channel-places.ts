/**
 * Where a Discord channel id lives (a DM, a guild text channel, or a thread under a parent),
 * from discord.js's cache (filled by GUILD_CREATE and THREAD_CREATE) or, for a channel it has
 * not seen, from `GET /channels/{id}`, remembered afterwards.
 */
import { type APIChannel, ChannelType, type Client, type REST, Routes } from "discord.js";
import type { ChannelPlace } from "./normalize.js";

const THREAD_TYPES = new Set<number>([
  ChannelType.PublicThread,
  ChannelType.PrivateThread,
  ChannelType.AnnouncementThread,
]);

export function placeOf(channel: {
  type: number;
  guild_id?: string | null;
  parent_id?: string | null;
}): ChannelPlace {
  if (channel.type === ChannelType.DM || channel.type === ChannelType.GroupDM || !channel.guild_id)
    return { kind: "dm" };
  if (THREAD_TYPES.has(channel.type) && channel.parent_id)
    return { kind: "thread", guildId: channel.guild_id, parentId: channel.parent_id };
  return { kind: "guild-channel", guildId: channel.guild_id };
}

export interface ChannelPlaces {
  /** The place of a channel; `guildId` from a gateway message skips the lookup for DMs. */
  of(channelId: string, hint?: { fromGateway: boolean; guildId?: string }): Promise<ChannelPlace>;
  /** Guild text channels and threads the bot currently sees (for a backfill after a fresh session). */
  guildTextChannels(): string[];
}

/**
 * @example
 * const places = createChannelPlaces(client, client.rest);
 * await places.of("1234"); // → { kind: "thread", guildId: "1", parentId: "2" }
 */
export function createChannelPlaces(client: Client, rest: REST, maxRemembered = 5_000): ChannelPlaces {
  const remembered = new Map<string, ChannelPlace>();
  const remember = (id: string, place: ChannelPlace) => {
    remembered.set(id, place);
    if (remembered.size > maxRemembered) remembered.delete(remembered.keys().next().value as string);
    return place;
  };
  return {
    async of(channelId, hint) {
      if (hint?.fromGateway && !hint.guildId) return { kind: "dm" };
      const known = remembered.get(channelId);
      if (known) return known;
      const cached = client.channels.cache.get(channelId);
      if (cached)
        return remember(
          channelId,
          placeOf({
            type: cached.type,
            guild_id: "guildId" in cached ? cached.guildId : null,
            parent_id: "parentId" in cached ? cached.parentId : null,
          }),
        );
      const fetched = (await rest.get(Routes.channel(channelId))) as APIChannel;
      return remember(
        channelId,
        placeOf({
          type: fetched.type,
          guild_id: "guild_id" in fetched ? fetched.guild_id : null,
          parent_id: "parent_id" in fetched ? fetched.parent_id : null,
        }),
      );
    },
    guildTextChannels() {
      return [...client.channels.cache.values()]
        .filter(
          (channel) =>
            channel.type === ChannelType.GuildText ||
            channel.type === ChannelType.GuildAnnouncement ||
            THREAD_TYPES.has(channel.type),
        )
        .map((channel) => channel.id);
    },
  };
}
