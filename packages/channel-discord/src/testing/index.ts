/**
 * @claw/channel-discord/testing — a fake Discord on 127.0.0.1 (REST API, gateway WebSocket and
 * CDN speaking Discord's documented shapes and opcodes, with fault injection) for tests and
 * benchmarks of anything that talks to Discord through discord.js.
 */

// Commonly used: the fake Discord.
export {
  FakeDiscord,
  type FakeDiscordOptions,
  type RestOperation,
  type SentMessage,
} from "./fake-discord.js";
// Advanced: its parts.
export { FakeGateway, type GatewayCounts } from "./fake-gateway.js";
export type { RestFault } from "./fake-rest.js";
export { FakeWorld, userOf } from "./fake-world.js";
export { snowflakeSource } from "./snowflakes.js";
