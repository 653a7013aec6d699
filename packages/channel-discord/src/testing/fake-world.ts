/**
 * What the fake Discord knows: users, guilds, channels (DMs, text channels, threads) and every
 * channel's message history, in the JSON shapes of Discord's API reference (v10).
 */
import type { APIAttachment, APIChannel, APIMessage, APIUser } from "discord.js";
import { snowflakeSource } from "./snowflakes.js";

export interface FakeChannel {
  id: string;
  type: number;
  name?: string;
  guild_id?: string;
  parent_id?: string;
  /** DMs: the person the bot talks to. */
  recipient?: APIUser;
}

export interface FakeGuild {
  id: string;
  name: string;
}

export const CHANNEL_TYPE = { text: 0, dm: 1, publicThread: 11 } as const;

export function userOf(id: string, username = `user${id.slice(-4)}`, bot = false): APIUser {
  return {
    id,
    username,
    global_name: username,
    discriminator: "0",
    avatar: null,
    ...(bot ? { bot: true } : {}),
  };
}

export class FakeWorld {
  readonly nextId = snowflakeSource();
  readonly guilds = new Map<string, FakeGuild>();
  readonly channels = new Map<string, FakeChannel>();
  readonly history = new Map<string, APIMessage[]>();
  readonly users = new Map<string, APIUser>();

  constructor(readonly bot: APIUser) {
    this.users.set(bot.id, bot);
  }

  user(id: string): APIUser {
    const known = this.users.get(id);
    if (known) return known;
    const user = userOf(id);
    this.users.set(id, user);
    return user;
  }

  /** The DM channel between the bot and a user (opened on first use, as Discord does). */
  dmChannelOf(userId: string): FakeChannel {
    const found = [...this.channels.values()].find(
      (c) => c.type === CHANNEL_TYPE.dm && c.recipient?.id === userId,
    );
    if (found) return found;
    const channel: FakeChannel = { id: this.nextId(), type: CHANNEL_TYPE.dm, recipient: this.user(userId) };
    this.channels.set(channel.id, channel);
    return channel;
  }

  channelJson(channel: FakeChannel): APIChannel {
    const base = { id: channel.id, type: channel.type, flags: 0 };
    if (channel.type === CHANNEL_TYPE.dm)
      return {
        ...base,
        recipients: channel.recipient ? [channel.recipient] : [],
        last_message_id: null,
      } as APIChannel;
    return {
      ...base,
      name: channel.name ?? "channel",
      guild_id: channel.guild_id,
      position: 0,
      permission_overwrites: [],
      nsfw: false,
      ...(channel.parent_id
        ? {
            parent_id: channel.parent_id,
            owner_id: this.bot.id,
            thread_metadata: {
              archived: false,
              auto_archive_duration: 1440,
              archive_timestamp: new Date().toISOString(),
              locked: false,
            },
            message_count: 0,
            member_count: 1,
          }
        : {}),
    } as APIChannel;
  }

  guildCreate(guild: FakeGuild): Record<string, unknown> {
    const inGuild = [...this.channels.values()].filter((c) => c.guild_id === guild.id);
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      owner_id: "1",
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: [],
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: 0,
      system_channel_flags: 0,
      premium_tier: 0,
      preferred_locale: "en-US",
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
      joined_at: new Date().toISOString(),
      large: false,
      unavailable: false,
      member_count: 2,
      members: [],
      voice_states: [],
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      channels: inGuild.filter((c) => !c.parent_id).map((c) => this.channelJson(c)),
      threads: inGuild.filter((c) => c.parent_id).map((c) => this.channelJson(c)),
    };
  }

  /** Stores a message in its channel's history and returns it in the gateway's shape (with `guild_id`). */
  addMessage(
    channel: FakeChannel,
    author: APIUser,
    content: string,
    extra: { mentions?: APIUser[]; replyTo?: string; attachments?: APIAttachment[] } = {},
  ): APIMessage & { guild_id?: string } {
    const referenced = extra.replyTo
      ? this.history.get(channel.id)?.find((m) => m.id === extra.replyTo)
      : undefined;
    const message: APIMessage = {
      id: this.nextId(),
      channel_id: channel.id,
      author,
      content,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: extra.mentions ?? [],
      mention_roles: [],
      attachments: extra.attachments ?? [],
      embeds: [],
      pinned: false,
      type: extra.replyTo ? 19 : 0,
      flags: 0,
      ...(extra.replyTo
        ? {
            message_reference: { message_id: extra.replyTo, channel_id: channel.id, type: 0 },
            referenced_message: referenced ?? null,
          }
        : {}),
    } as unknown as APIMessage;
    const list = this.history.get(channel.id) ?? [];
    list.push(message);
    this.history.set(channel.id, list);
    return channel.guild_id ? { ...message, guild_id: channel.guild_id } : message;
  }

  /** `GET /channels/{id}/messages`: `after` gives the oldest `limit` after it, newest first, as Discord does. */
  messagesOf(channelId: string, query: URLSearchParams): APIMessage[] {
    const limit = Math.min(100, Math.max(1, Number(query.get("limit") ?? 50)));
    const all = this.history.get(channelId) ?? [];
    const after = query.get("after");
    const before = query.get("before");
    let picked: APIMessage[];
    if (after) picked = all.filter((m) => BigInt(m.id) > BigInt(after)).slice(0, limit);
    else if (before) picked = all.filter((m) => BigInt(m.id) < BigInt(before)).slice(-limit);
    else picked = all.slice(-limit);
    return [...picked].reverse();
  }
}
