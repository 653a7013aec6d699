/**
 * @claw/channel-slack/testing — a fake Slack on 127.0.0.1 (Web API with real JSON shapes and
 * fault injection, Socket Mode over `ws` with envelope acknowledgements and redelivery) for tests
 * and benchmarks of anything that talks to Slack.
 */

export type { FakeUpload } from "./fake-files.js";
// Commonly used: the fake Slack.
export { FakeSlack, type SentSlackMessage, type SlackFault } from "./fake-slack.js";
// Advanced: the Socket Mode server and Slack's event shapes.
export { FakeSocketMode, type FakeSocketModeOptions } from "./fake-socket-mode.js";
export { postSignedEvent, type SignedPostOptions } from "./post-signed-event.js";
export {
  eventCallback,
  type MessageOptions,
  messageEvent,
  nextTs,
  type SocketEnvelope,
} from "./slack-events.js";
