import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./retry-after.js";

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  it.each([
    ["seconds", { "retry-after": "7" }, 7000],
    ["fractional seconds", { "Retry-After": "1.5" }, 1500],
    ["retry-after-ms wins", { "retry-after": "7", "retry-after-ms": "250" }, 250],
    ["HTTP date", { "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }, 30_000],
    ["date in the past", { "retry-after": "Wed, 31 Dec 2025 23:59:00 GMT" }, 0],
    ["garbage", { "retry-after": "soon" }, undefined],
    ["absent", {}, undefined],
    ["array value", { "retry-after": ["2"] }, 2000],
  ])("%s", (_name, headers, expected) => {
    expect(parseRetryAfter(headers as Record<string, string>, now)).toBe(expected);
  });

  it("reads fetch Headers", () => {
    expect(parseRetryAfter(new Headers({ "retry-after-ms": "40" }), now)).toBe(40);
  });
});
