import { describe, expect, it } from "vitest";
import { PLUGIN_TOOLS } from "../plugin-tools.fixture.js";
import type { ToolPolicyOptions } from "../types.js";
import { compileToolPolicy } from "./compile.js";

const run = (options: ToolPolicyOptions, tools: readonly string[]) =>
  compileToolPolicy({ sender: { isOwner: true }, extraTools: PLUGIN_TOOLS, ...options }).resolve(tools);

describe("owner-only", () => {
  const tools = ["read", "gateway", "cron", "nodes"];
  it.each<[string, ToolPolicyOptions, string[]]>([
    ["owner keeps all", { sender: { isOwner: true } }, tools],
    ["non-owner loses gateway, cron, nodes", { sender: { isOwner: false } }, ["read"]],
    ["unknown sender is not an owner", {}, ["read"]],
    ["isOwner unset is not an owner", { sender: {} }, ["read"]],
    [
      "custom owner-only list",
      { sender: { isOwner: false }, ownerOnly: ["read"] },
      ["gateway", "cron", "nodes"],
    ],
    ["owner-only list may use groups", { ownerOnly: ["group:automation"] }, ["read", "nodes"]],
  ])("%s", (_, options, expected) => {
    expect(compileToolPolicy({ extraTools: PLUGIN_TOOLS, ...options }).resolve(tools)).toEqual(expected);
  });
});

describe("catalog rows", () => {
  it("a phantom tool is not owner-only without its registered row", () => {
    expect(compileToolPolicy({ sender: { isOwner: false } }).resolve(["read", "gateway", "cron"])).toEqual([
      "read",
      "gateway",
    ]);
  });
});

describe("channel and model filters", () => {
  const tools = ["read", "canvas", "tts", "image"];
  it.each<[string, ToolPolicyOptions, string[]]>([
    ["unknown capabilities: no filtering", { channel: { id: "cli" } }, tools],
    [
      "telegram without canvas or audio",
      { channel: { id: "telegram", capabilities: ["threads"] } },
      ["read", "image"],
    ],
    ["web with canvas and audio", { channel: { id: "web", capabilities: ["canvas", "audio"] } }, tools],
    [
      "voice channel drops tts",
      { channel: { id: "voice", unsupportedTools: ["tts"] } },
      ["read", "canvas", "image"],
    ],
    [
      "model cannot use image",
      { model: { provider: "faux", unsupportedTools: ["image"] } },
      ["read", "canvas", "tts"],
    ],
  ])("%s", (_, options, expected) => {
    expect(run(options, tools)).toEqual(expected);
  });
});
