/**
 * @claw/channels/testing — what channel packages need in their tests: the contract checks every
 * channel runs against itself, the channel layer wired as the gateway wires it (for layer tests,
 * crash tests and benchmarks), and a toy channel over an in-memory platform.
 */

// The channel layer wired as the gateway wires it (faux model, temporary state.db), for the channel
// packages' tests and benchmarks: each adds its channel factory pointed at its fake server.
export {
  type ChannelLayer,
  type ChannelLayerOptions,
  type LayerAccount,
  startChannelLayer,
  until,
} from "./channel-layer.js";
// Commonly used: the contract checks and their harness.
export {
  CHANNEL_CONTRACT_CHECKS,
  type ChannelHarness,
  type ContractCheck,
  recordingContext,
  waitUntil,
} from "./contract.js";
export { createFauxRuntime, type FauxRuntimeOptions, lastUserText } from "./faux-runtime.js";
// Benchmarks: the layer's own cost against the same path with the layer bypassed.
export {
  type LayerOverhead,
  type LayerOverheadOptions,
  LayerStopwatch,
  p50,
} from "./layer-overhead.js";
// Crash tests: a layer in a child process, SIGKILLed mid-delivery and started again.
export {
  CrashTest,
  type HoldingFake,
  KILL_MID_DELIVERY_CASES,
  killProcess,
  killWhileSendHeld,
  ReadyProcesses,
  type ReadyProcessOptions,
  startReadyProcess,
} from "./layer-process.js";

// Store faults: state.db refusing inbound messages (the "not stored, not acknowledged" path).
export { refuseInboundJournal } from "./store-faults.js";

// Streamed replies wired through a channel manager, as the gateway wires them.
export { type TestStreamSettings, testStreaming } from "./test-streaming.js";

// The toy channel (also the smallest example of a channel).
export { createToyChannel, ToyPlatform } from "./toy-channel.js";
