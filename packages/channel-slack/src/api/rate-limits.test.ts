import { ChannelSendError } from "@claw/channels";
import {
  WebAPIHTTPError,
  WebAPIPlatformError,
  WebAPIRateLimitedError,
  WebAPIRequestError,
} from "@slack/web-api";
import { describe, expect, it } from "vitest";
import { SlackSendError, toSendError } from "./errors.js";
import { createRateLimitGate } from "./rate-limits.js";

describe("rate limits per method tier", () => {
  it("a 429 on chat.postMessage holds that channel only; one on chat.update holds the method everywhere", () => {
    let now = 1_000;
    const gate = createRateLimitGate(() => now);
    gate.limited("chat.postMessage", "C1", 2_000);
    gate.limited("chat.update", "C1", 1_000);
    expect(() => gate.check("chat.postMessage", "C1")).toThrow(
      /still rate limited \(tier special\) for 2000 ms/,
    );
    expect(() => gate.check("chat.postMessage", "C2")).not.toThrow();
    expect(() => gate.check("chat.update", "C2")).toThrow(/tier 3/);
    expect(() => gate.check("reactions.add", "C1")).not.toThrow();
    now += 1_500;
    expect(() => gate.check("chat.update", "C1")).not.toThrow();
    try {
      gate.check("chat.postMessage", "C1");
      throw new Error("not limited");
    } catch (error) {
      expect(error).toMatchObject({ kind: "rate-limited", options: { retryAfterMs: 500, status: 429 } });
    }
    now += 500;
    expect(() => gate.check("chat.postMessage", "C1")).not.toThrow();
  });
});

describe("toSendError", () => {
  it.each<[string, unknown, object]>([
    [
      "429",
      new WebAPIRateLimitedError(3),
      { kind: "rate-limited", options: { retryAfterMs: 3_000, status: 429 } },
    ],
    ["ratelimited", new WebAPIPlatformError({ ok: false, error: "ratelimited" }), { kind: "rate-limited" }],
    [
      "a transient platform error",
      new WebAPIPlatformError({ ok: false, error: "internal_error" }),
      { kind: "unavailable" },
    ],
    [
      "channel_not_found",
      new WebAPIPlatformError({ ok: false, error: "channel_not_found" }),
      {
        kind: "rejected",
        slackError: "channel_not_found",
        message: "slack chat.postMessage: channel_not_found",
      },
    ],
    [
      "HTTP 503",
      new WebAPIHTTPError(503, "Service Unavailable", {}, ""),
      { kind: "unavailable", options: { status: 503 } },
    ],
    ["HTTP 400", new WebAPIHTTPError(400, "Bad Request", {}, ""), { kind: "rejected" }],
    [
      "a network failure",
      new WebAPIRequestError(new Error("ECONNREFUSED")),
      { kind: "network", message: expect.stringMatching(/ECONNREFUSED/) },
    ],
    ["anything else", new Error("boom"), { kind: "network" }],
  ])("%s", (_name, error, expected) => {
    const sendError = toSendError("chat.postMessage", error);
    expect(sendError).toBeInstanceOf(ChannelSendError);
    expect(sendError).toMatchObject(expected);
  });

  it("keeps Slack's code on platform errors", () => {
    expect(toSendError("x", new WebAPIPlatformError({ ok: false, error: "not_in_channel" }))).toBeInstanceOf(
      SlackSendError,
    );
  });
});
