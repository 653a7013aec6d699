/**
 * The shared channel layer (`startChannelLayer`) with Discord accounts pointed at fake Discords:
 * the first account is `default`, the others `bot1`, `bot2`, …
 */
import { type ChannelLayerOptions, startChannelLayer } from "@claw/channels/testing";
import { createDiscordChannel, type DiscordChannel, type DiscordChannelOptions } from "../src/index.js";
import type { FakeDiscord } from "../src/testing/index.js";

export { lastUserText, until } from "@claw/channels/testing";

export interface LayerOptions extends Omit<ChannelLayerOptions<DiscordChannel>, "channel" | "accounts"> {
  fakes: FakeDiscord[];
  discord?: Partial<DiscordChannelOptions>;
}

export function startLayer({ fakes, discord, ...options }: LayerOptions) {
  const accountIdOf = (i: number) => (i === 0 ? "default" : `bot${i}`);
  return startChannelLayer({
    ...options,
    channel: "discord",
    accounts: fakes.map((fake, i) => ({
      accountId: accountIdOf(i),
      create: () =>
        createDiscordChannel({
          token: fake.token,
          restApi: fake.restApi,
          accountId: accountIdOf(i),
          ...discord,
        }),
    })),
  });
}
