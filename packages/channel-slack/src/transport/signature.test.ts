import { describe, expect, it } from "vitest";
import { signSlackRequest, verifySlackSignature } from "./signature.js";

// The worked example of Slack's "Verifying requests from Slack" documentation.
const DOC_SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
const DOC_TIMESTAMP = 1531420618;
const DOC_BODY =
  "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
const DOC_SIGNATURE = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";

describe("Slack request signatures", () => {
  const now = DOC_TIMESTAMP * 1000;
  const check = (overrides: Partial<Parameters<typeof verifySlackSignature>[0]>) =>
    verifySlackSignature({
      signingSecret: DOC_SECRET,
      rawBody: DOC_BODY,
      timestamp: String(DOC_TIMESTAMP),
      signature: DOC_SIGNATURE,
      nowMs: now,
      ...overrides,
    });

  it("signs Slack's documented example to its documented signature", () => {
    expect(signSlackRequest(DOC_SECRET, DOC_TIMESTAMP, DOC_BODY)).toBe(DOC_SIGNATURE);
  });

  it.each([
    ["the documented request", {}, { ok: true }],
    ["4m59s later", { nowMs: now + 299_000 }, { ok: true }],
    ["5m01s later", { nowMs: now + 301_000 }, { ok: false, reason: expect.stringMatching(/^stale/) }],
    ["from the future", { nowMs: now - 400_000 }, { ok: false, reason: expect.stringMatching(/^stale/) }],
    ["a changed body", { rawBody: `${DOC_BODY}&x=1` }, { ok: false, reason: "signature mismatch" }],
    ["the wrong secret", { signingSecret: "other" }, { ok: false, reason: "signature mismatch" }],
    [
      "a truncated signature",
      { signature: DOC_SIGNATURE.slice(0, 20) },
      { ok: false, reason: "signature mismatch" },
    ],
    ["no signature", { signature: undefined }, { ok: false, reason: expect.stringMatching(/missing/) }],
    ["no timestamp", { timestamp: undefined }, { ok: false, reason: expect.stringMatching(/missing/) }],
    [
      "a timestamp that is not a number",
      { timestamp: "soon" },
      { ok: false, reason: expect.stringMatching(/bad/) },
    ],
  ])("%s", (_name, overrides, expected) => {
    expect(check(overrides)).toEqual(expected);
  });
});
