import { describe, expect, it } from "vitest";
import { GatewayRequestError } from "../src/index.js";

describe("GatewayRequestError", () => {
  it("names the method once, whether or not the gateway's message already starts with it", () => {
    const bare = new GatewayRequestError("sessions.reset", { code: "NOT_FOUND", message: 'no session "x"' });
    expect(bare.message).toBe('sessions.reset: no session "x" (NOT_FOUND)');
    const named = new GatewayRequestError("agent", {
      code: "INVALID_REQUEST",
      message: "agent: attachments[0] is empty. Nothing was accepted.",
    });
    expect(named.message).toBe("agent: attachments[0] is empty. Nothing was accepted. (INVALID_REQUEST)");
    expect(named.reason).toBe("agent: attachments[0] is empty. Nothing was accepted.");
    // A message naming another method keeps the request's own name in front.
    const other = new GatewayRequestError("chat.send", { code: "INVALID_REQUEST", message: "agent: busy" });
    expect(other.message).toBe("chat.send: agent: busy (INVALID_REQUEST)");
  });
});
