import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkMethodParams, METHODS } from "../src/index.js";
import { openclawErrors, REF } from "./openclaw-oracle.js";

const openclawMethods = (
  JSON.parse(readFileSync(`${REF}/openclaw-protocol.schema.json`, "utf8")) as {
    methods: Record<string, { scope: string }>;
  }
).methods;

describe("exec approvals match OpenClaw", () => {
  it.each(["exec.approval.list", "exec.approval.get", "exec.approval.resolve"] as const)(
    "%s exists in OpenClaw with the same scope",
    (method) => {
      expect(openclawMethods[method]?.scope).toBe(METHODS[method].scope);
    },
  );

  it.each([
    { id: "a1", decision: "allow-once" },
    { id: "a1", decision: "allow-always" },
    { id: "a1", decision: "deny", reviewer: { channel: "telegram", accountId: "default", senderId: "42" } },
  ])("resolve params %j are valid for both", (params) => {
    expect(checkMethodParams("exec.approval.resolve", params).ok).toBe(true);
    expect(openclawErrors("ExecApprovalResolveParams", params)).toBeNull();
  });

  it("an unknown decision or extra field is refused with the path", () => {
    const bad = checkMethodParams("exec.approval.resolve", { id: "a1", decision: "maybe" });
    expect(bad.ok).toBe(false);
    expect(checkMethodParams("exec.approval.resolve", { id: "a1", decision: "deny", x: 1 }).ok).toBe(false);
    expect(checkMethodParams("exec.approval.get", {}).ok).toBe(false);
    expect(openclawErrors("ExecApprovalGetParams", { id: "a1" })).toBeNull();
  });
});
