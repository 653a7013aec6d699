/**
 * @claw/channels/testing — what channel packages need in their tests: the contract checks every
 * channel runs against itself, and a toy channel over an in-memory platform.
 */

// Commonly used: the contract checks and their harness.
export {
  CHANNEL_CONTRACT_CHECKS,
  type ChannelHarness,
  type ContractCheck,
  recordingContext,
  waitUntil,
} from "./contract.js";

// Store faults: state.db refusing inbound messages (the "not stored, not acknowledged" path).
export { refuseInboundJournal } from "./store-faults.js";

// Streamed replies wired through a channel manager, as the gateway wires them.
export { type TestStreamSettings, testStreaming } from "./test-streaming.js";

// The toy channel (also the smallest example of a channel).
export { createToyChannel, ToyPlatform } from "./toy-channel.js";
