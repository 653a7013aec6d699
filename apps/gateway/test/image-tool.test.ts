/**
 * The image tool in the gateway: offered to every agent, it asks `imageModel` (else the agent's
 * model when it accepts images); with only a text model it answers with a clear error, and with a
 * vision model configured the model receives the downscaled image.
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
import { visionCandidates } from "../src/assemble/vision.js";
import { lastToolResultText, startTestGateway } from "./helpers.js";

function photo(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 251;
  return jpeg.encode({ width, height, data }, 90).data;
}

async function ask(client: ClawClient) {
  await client.request(
    "agent",
    { message: "look at it", sessionKey: "agent:default:main", idempotencyKey: randomUUID() },
    { expectFinal: true },
  );
}

describe("image tool in the gateway", () => {
  it("with only a text model: a clear error reaches the model", async () => {
    const faux = createFauxProvider(
      [{ toolCalls: [{ name: "image", arguments: { image: "shot.jpg" } }] }, "could not see it"],
      { provider: "faux" },
    );
    const textOnly = faux.modelFor("text-1", { input: ["text"] });
    const { claw, client } = await startTestGateway(
      { agents: { defaults: { model: "faux/text-1" } } },
      { models: [textOnly], stream: faux.stream, scopes: ["operator.read", "operator.write"] },
    );
    writeFileSync(join(claw.agents[0]?.workspaceDir ?? "", "shot.jpg"), photo(64, 64));
    await ask(client);
    expect(lastToolResultText(faux)).toMatch(
      /No model that accepts images is configured: faux\/text-1 \(session model, text only\)\. Set agents\.defaults\.imageModel/,
    );
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
