/**
 * Mention gating and access per guild and channel (`channels.discord.guilds`): the settings of a
 * message are the guild's (or the `*` guild's), overridden by its channel's (or the guild's `*`
 * channel), overridden by its thread's. A guild that is not listed (and no `*`) has no settings,
 * which `groupPolicy: "allowlist"` refuses.
 */
import type { ChannelInbound, GroupSettings } from "@claw/channels";

/** One guild's settings: group settings plus per-channel overrides (by channel or thread id, or `*`). */
export interface DiscordGuildSettings extends GroupSettings {
  channels?: Readonly<Record<string, GroupSettings>>;
}

export type DiscordGuilds = Readonly<Record<string, DiscordGuildSettings>>;

function merge(layers: readonly (GroupSettings | undefined)[]): GroupSettings | undefined {
  const present = layers.filter((layer): layer is GroupSettings => layer !== undefined);
  if (present.length === 0) return undefined;
  const merged: GroupSettings = {};
  for (const layer of present) {
    if (layer.requireMention !== undefined) merged.requireMention = layer.requireMention;
    if (layer.allowFrom !== undefined) merged.allowFrom = layer.allowFrom;
    if (layer.tools !== undefined) merged.tools = layer.tools;
    if (layer.enabled !== undefined) merged.enabled = layer.enabled;
  }
  return merged;
}

/**
 * @example
 * discordGroupSettings({ "1": { requireMention: true, channels: { "2": { requireMention: false } } } },
 *   { guildId: "1", peer: { kind: "channel", id: "2" } });
 * // → { requireMention: false }
 */
export function discordGroupSettings(
  guilds: DiscordGuilds | undefined,
  message: Pick<ChannelInbound, "guildId" | "peer" | "thread">,
): GroupSettings | undefined {
  if (!guilds || !message.guildId) return undefined;
  const guild = guilds[message.guildId] ?? guilds["*"];
  if (!guild) return undefined;
  const { channels, ...own } = guild;
  return merge([
    own,
    channels?.["*"],
    channels?.[message.peer.id],
    message.thread ? channels?.[message.thread.id] : undefined,
  ]);
}
