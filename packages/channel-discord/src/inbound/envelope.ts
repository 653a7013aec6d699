/**
 * A message with where it came from: the gateway (whose guild messages always carry `guild_id`,
 * so one without it is a DM) or a REST read (which never carries it).
 */
import type { InboundMessage } from "./normalize.js";

export interface Envelope {
  id: string;
  channel_id: string;
  message: InboundMessage;
  fromGateway: boolean;
}

export const envelopeOf = (message: InboundMessage, fromGateway: boolean): Envelope => ({
  id: message.id,
  channel_id: message.channel_id,
  message,
  fromGateway,
});
