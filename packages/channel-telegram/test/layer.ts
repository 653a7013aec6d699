/**
 * The shared channel layer (`startChannelLayer`) with Telegram accounts pointed at fake Bot APIs:
 * the first account is `default`, the others `bot1`, `bot2`, …; the inbound journal is on.
 */

import type { Channel } from "@claw/channels";
import { type ChannelLayerOptions, startChannelLayer } from "@claw/channels/testing";
import { createTelegramChannel, type TelegramChannelOptions } from "../src/index.js";
import type { FakeBotApi } from "../src/testing/index.js";

export { lastUserText, until } from "@claw/channels/testing";

export interface LayerOptions extends Omit<ChannelLayerOptions<Channel>, "channel" | "accounts"> {
  apis: FakeBotApi[];
  telegram?: Partial<TelegramChannelOptions>;
}

export function startLayer({ apis, telegram, ...options }: LayerOptions) {
  const accountIdOf = (i: number) => (i === 0 ? "default" : `bot${i}`);
  return startChannelLayer({
    journal: true,
    ...options,
    channel: "telegram",
    accounts: apis.map((api, i) => ({
      accountId: accountIdOf(i),
      create: () =>
        createTelegramChannel({
          botToken: api.token,
          apiRoot: api.url,
          accountId: accountIdOf(i),
          pollTimeoutSeconds: 1,
          pollBackoff: { minMs: 10, maxMs: 50 },
          ...telegram,
        }),
    })),
  });
}
