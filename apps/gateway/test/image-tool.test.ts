/**
 * The image tool in the gateway: offered only when a model it would ask accepts images
 * (`imageModel`, else the agent's model); with only a text model it is absent and tools.effective
 * says why, and with a vision model configured the model receives the downscaled image.
 */
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ClawClient } from "@claw/client";
import { validateConfig } from "@claw/config";
import { createFauxProvider, type ImageContent } from "@claw/providers";
import { inspectImage } from "@claw/tools";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { createModelResolver } from "../src/assemble/models.js";
import { absentTools, offeredToolNames } from "../src/assemble/offered-tools.js";
import { visionCandidates } from "../src/assemble/vision.js";
import { lastToolResultText, startTestGateway } from "./helpers.js";

function photo(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 251;
  return jpeg.encode({ width, height, data }, 90).data;
}

function validated(document: Record<string, unknown>) {
  const result = validateConfig(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
}

async function ask(client: ClawClient) {
  await client.request(
    "agent",
    { message: "look at it", sessionKey: "agent:default:main", idempotencyKey: randomUUID() },
    { expectFinal: true },
  );
}

describe("image tool in the gateway", () => {
  it("with only a text model: the tool is not offered, and tools.effective and absentTools say why", async () => {
    const faux = createFauxProvider(["ok"], { provider: "faux" });
    const textOnly = faux.modelFor("text-1", { input: ["text"] });
    const document = { agents: { defaults: { model: "faux/text-1" } } };
    const { claw, client } = await startTestGateway(document, {
      models: [textOnly],
      stream: faux.stream,
      scopes: ["operator.read", "operator.write"],
    });
    expect(claw.agents[0]?.definition.tools?.map((t) => t.name)).not.toContain("image");
    const effective = (await client.request("tools.effective", { sessionKey: "agent:default:main" })) as {
      groups: { tools: { id: string }[] }[];
      absent?: { id: string; reason: string }[];
    };
    expect(effective.groups.flatMap((g) => g.tools.map((t) => t.id))).not.toContain("image");
    const why =
      'no model of agent main accepts images: "faux/text-1" (agent model) is text-only; set agents.defaults.imageModel to a vision model';
    expect(effective.absent).toContainEqual({ id: "image", reason: why });
    const config = validated(document);
    const models = createModelResolver(config, [textOnly]);
    expect(absentTools(config, "main", {}, models)).toContainEqual({ tool: "image", reason: why });
    expect(offeredToolNames(config, "main", {}, models)).not.toContain("image");
  });

  it("offered when the primary model or agents.defaults.imageModel accepts images (also in claw tools explain's catalog)", () => {
    const faux = createFauxProvider(["ok"], { provider: "faux" });
    const models = createModelResolver(validated({}), [
      faux.modelFor("text-1", { input: ["text"] }),
      faux.model,
    ]);
    const viaImageModel = validated({
      agents: { defaults: { model: "faux/text-1", imageModel: "faux/faux-1" } },
    });
    const viaPrimary = validated({ agents: { defaults: { model: "faux/faux-1" } } });
    expect(offeredToolNames(viaImageModel, "main", {}, models)).toContain("image");
    expect(offeredToolNames(viaPrimary, "main", {}, models)).toContain("image");
    // Without the assembly's resolver the config's catalog decides: a built-in vision model counts.
    expect(
      offeredToolNames(validated({ agents: { defaults: { model: "anthropic/claude-opus-4-6" } } }), "main"),
    ).toContain("image");
    const unknown = validated({ agents: { defaults: { model: "faux/nope" } } });
    expect(absentTools(unknown, "main")).toContainEqual({
      tool: "image",
      reason:
        'no model of agent main accepts images: "faux/nope" (agent model) is not a known model; set agents.defaults.imageModel to a vision model',
    });
  });

  it("asks agents.defaults.imageModel with the downscaled image and returns its answer, fenced", async () => {
    const faux = createFauxProvider(
      [
        { toolCalls: [{ name: "image", arguments: { image: "shot.jpg", prompt: "What?" } }] },
        "A test pattern.",
        "done",
      ],
      { provider: "faux" },
    );
    const textOnly = faux.modelFor("text-1", { input: ["text"] });
    const { claw, client } = await startTestGateway(
      { agents: { defaults: { model: "faux/text-1", imageModel: "faux/faux-1" } } },
      { models: [textOnly, faux.model], stream: faux.stream, scopes: ["operator.read", "operator.write"] },
    );
    const names = claw.agents[0]?.definition.tools?.map((t) => t.name) ?? [];
    expect(names).toContain("image");
    writeFileSync(join(claw.agents[0]?.workspaceDir ?? "", "shot.jpg"), photo(2000, 1000));
    await ask(client);
    const analysis = faux.calls[1];
    expect(analysis?.model.id).toBe("faux-1");
    const content = analysis?.context.messages[0]?.content;
    const image = Array.isArray(content)
      ? content.find((c): c is ImageContent => c.type === "image")
      : undefined;
    expect(inspectImage(Buffer.from(image?.data ?? "", "base64"))).toMatchObject({
      width: 1568,
      height: 784,
    });
    const seen = lastToolResultText(faux);
    expect(seen).toContain("<untrusted-web-content");
    expect(seen).toContain("A test pattern.");
  });
});

describe("vision candidates", () => {
  it("the agent's imageModel chain first, then the session's model override, keyed from its provider's profile", () => {
    const faux = createFauxProvider([], { provider: "faux" });
    const models = [faux.model, faux.modelFor("eye-2"), faux.modelFor("chat-9")];
    const result = validateConfig({
      agents: {
        defaults: { model: "faux/faux-1", imageModel: "faux/eye-2" },
        list: [{ id: "main", imageModel: { primary: "faux/eye-2", fallbacks: ["faux/faux-1"] } }],
      },
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const resolver = createModelResolver(result.config, models);
    const candidates = visionCandidates(
      result.config,
      { id: "main", model: { primary: "faux/faux-1" } },
      resolver,
      [{ id: "faux:env", provider: "faux", type: "api_key", apiKey: "k" }],
      "faux/chat-9",
    );
    expect(candidates.map((c) => [`${c.model.provider}/${c.model.id}`, c.source, c.apiKey])).toEqual([
      ["faux/eye-2", "agents.list[main].imageModel", "k"],
      ["faux/faux-1", "agents.list[main].imageModel", "k"],
      ["faux/chat-9", "session model", "k"],
    ]);
  });
});
