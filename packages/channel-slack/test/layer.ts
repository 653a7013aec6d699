/**
 * The shared channel layer (`startChannelLayer`) with one Slack account, `default`, pointed at a
 * fake Slack (tests and the benchmark).
 */
import { type ChannelLayerOptions, startChannelLayer } from "@claw/channels/testing";
import {
  createSlackChannel,
  createSlackMediaFetcher,
  type SlackChannel,
  type SlackChannelOptions,
} from "../src/index.js";

export { lastUserText, until } from "@claw/channels/testing";

export interface SlackLayerOptions extends Omit<ChannelLayerOptions<SlackChannel>, "channel" | "accounts"> {
  /** Where the account points: the fake's tokens and `apiUrl`. */
  slack: { botToken: string; appToken: string; apiUrl: string };
  channel?: Partial<SlackChannelOptions>;
}

export function startSlackLayer({ slack, channel, ...options }: SlackLayerOptions) {
  // Files are downloaded after the message is stored, from the journalled reference.
  const files = createSlackMediaFetcher({ botToken: slack.botToken, slackApiUrl: slack.apiUrl, ...channel });
  return startChannelLayer({
    fetchMedia: (_channel, _accountId, media) => files(media),
    ...options,
    channel: "slack",
    accounts: [
      {
        accountId: "default",
        create: () =>
          createSlackChannel({
            botToken: slack.botToken,
            appToken: slack.appToken,
            slackApiUrl: slack.apiUrl,
            socket: { clientPingTimeoutMs: 1_000 },
            ...channel,
          }),
      },
    ],
  });
}
