/**
 * Catalog truth: the tool catalog lists exactly the tools this build can give an agent, the
 * assembled agent's tools are all in it, `tools.effective` carries the catalog's risk, and a
 * built tool the config keeps away is reported with the setting that does so.
 */

import { validateConfig } from "@claw/config";
import { createFauxProvider } from "@claw/providers";
import { CORE_TOOL_IDS, getCoreTool } from "@claw/tool-policy";
import { describe, expect, it } from "vitest";
import { absentTools, BUILT_TOOL_NAMES, offeredToolNames } from "../src/index.js";
import { startTestGateway } from "./helpers.js";

function config(document: Record<string, unknown>) {
  const result = validateConfig(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
}

describe("catalog truth", () => {
  it("the catalog and the tools this build can offer are the same set", () => {
    expect([...BUILT_TOOL_NAMES].sort()).toEqual([...CORE_TOOL_IDS].sort());
  });

  it("every built tool is offered or absent with a reason, never both", () => {
    const document = config({
      tools: { web: { fetch: { enabled: false } } },
      cron: { enabled: false },
      agents: { defaults: { memorySearch: { enabled: false } } },
    });
    const offered = offeredToolNames(document, "main");
    const absent = absentTools(document, "main");
    expect([...offered, ...absent.map((a) => a.tool)].sort()).toEqual([...BUILT_TOOL_NAMES].sort());
    expect(absent).toEqual(
      expect.arrayContaining([
        { tool: "apply_patch", reason: "tools.exec.applyPatch is not enabled" },
        { tool: "web_fetch", reason: "tools.web.fetch.enabled is false" },
        { tool: "cron", reason: "cron.enabled is false" },
        { tool: "memory_search", reason: expect.stringContaining("memory search is off") },
        { tool: "message", reason: "no chat channel account is configured and enabled (channels.*)" },
      ]),
    );
  });

  it("message is offered while an enabled channel account exists", () => {
    const on = config({ channels: { telegram: { botToken: "1:x" } } });
    const off = config({ channels: { telegram: { botToken: "1:x", enabled: false } } });
    expect(offeredToolNames(on, "main")).toContain("message");
    expect(offeredToolNames(off, "main")).not.toContain("message");
  });

  it("the gateway's agent and tools.effective only report catalog tools, with the catalog's risk", async () => {
    const faux = createFauxProvider(["ok"], { provider: "faux" });
    const { claw, client } = await startTestGateway(
      { agents: { defaults: { model: "faux/faux-1" } } },
      { models: [faux.model], stream: faux.stream, scopes: ["operator.read"] },
    );
    const names = claw.agents[0]?.definition.tools?.map((t) => t.name) ?? [];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(getCoreTool(name), name).toBeDefined();
    const result = (await client.request("tools.effective", { sessionKey: "agent:default:main" })) as {
      groups: { tools: { id: string; risk: string }[] }[];
    };
    const tools = result.groups.flatMap((g) => g.tools);
    expect(tools.find((t) => t.id === "exec")?.risk).toBe("high");
    expect(tools.find((t) => t.id === "cron")?.risk).toBe("medium");
    for (const tool of tools) expect(tool.risk).toBe(getCoreTool(tool.id)?.risk);
  });
});
