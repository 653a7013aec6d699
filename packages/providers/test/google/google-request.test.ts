import { Type } from "typebox";
import { afterEach, describe, expect, it } from "vitest";
import { streamGoogle, thinkingConfigFor, toGeminiSchema } from "../../src/adapters/google/index.js";
import type { AssistantMessage } from "../../src/types.js";
import { collect, type FakeServer, fixture, replaySse, startFakeServer } from "../fake-server/index.js";
import { geminiModel, KEY, streamRoute } from "./model.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("toGeminiSchema", () => {
  it.each([
    [
      "drops $schema, additionalProperties, patternProperties",
      {
        $schema: "x",
        type: "object",
        additionalProperties: false,
        patternProperties: { "^a": {} },
        properties: { a: { type: "string" } },
      },
      { type: "object", properties: { a: { type: "string" } } },
    ],
    ["const → enum", { const: "celsius" }, { type: "string", enum: ["celsius"] }],
    [
      "literal unions → one enum",
      { anyOf: [{ const: "a" }, { const: "b" }] },
      { type: "string", enum: ["a", "b"] },
    ],
    ["nullable type arrays", { type: ["string", "null"] }, { type: "string", nullable: true }],
    [
      "anyOf with null",
      { anyOf: [{ type: "number" }, { type: "null" }] },
      { type: "number", nullable: true },
    ],
    [
      "unsupported formats dropped, supported kept",
      {
        type: "object",
        properties: { u: { type: "string", format: "uri" }, t: { type: "string", format: "date-time" } },
      },
      { type: "object", properties: { u: { type: "string" }, t: { type: "string", format: "date-time" } } },
    ],
    [
      "$ref/$defs inlined",
      {
        $defs: { P: { type: "object", properties: { x: { type: "integer" } } } },
        type: "object",
        properties: { p: { $ref: "#/$defs/P" } },
      },
      { type: "object", properties: { p: { type: "object", properties: { x: { type: "integer" } } } } },
    ],
    [
      "recursive $ref cut to object",
      {
        definitions: { N: { type: "object", properties: { next: { $ref: "#/definitions/N" } } } },
        $ref: "#/definitions/N",
      },
      expect.objectContaining({ type: "object" }),
    ],
    [
      "allOf merged",
      {
        allOf: [
          { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
          { properties: { b: { type: "number" } }, required: ["b"] },
        ],
      },
      { type: "object", properties: { a: { type: "string" }, b: { type: "number" } }, required: ["a", "b"] },
    ],
    [
      "exclusive bounds and examples dropped",
      { type: "number", exclusiveMinimum: 0, examples: [1], minimum: 1 },
      { type: "number", minimum: 1 },
    ],
    [
      "array items",
      { type: "array", items: { type: "string", enum: ["x"] }, minItems: 1 },
      { type: "array", items: { type: "string", enum: ["x"] }, minItems: 1 },
    ],
  ])("%s", (_name, input, expected) => {
    expect(toGeminiSchema(input)).toEqual(expected);
  });

  it("normalises a TypeBox schema", () => {
    const schema = Type.Object(
      { city: Type.String(), unit: Type.Optional(Type.Union([Type.Literal("c"), Type.Literal("f")])) },
      { additionalProperties: false },
    );
    expect(toGeminiSchema(schema)).toEqual({
      type: "object",
      required: ["city"],
      properties: { city: { type: "string" }, unit: { type: "string", enum: ["c", "f"] } },
    });
  });
});

describe("thinkingConfigFor", () => {
  const flash = geminiModel("");
  it.each([
    [flash, undefined, { includeThoughts: true }],
    [flash, "off", { thinkingBudget: 0 }],
    [flash, "minimal", { includeThoughts: true, thinkingBudget: 1024 }],
    [flash, "high", { includeThoughts: true, thinkingBudget: 24576 }],
    [geminiModel("", { id: "gemini-3-pro-preview" }), "low", { includeThoughts: true, thinkingLevel: "LOW" }],
    [geminiModel("", { reasoning: false }), "high", undefined],
  ] as const)("%#: %s", (model, level, expected) => {
    expect(thinkingConfigFor(model, level)).toEqual(expected);
  });
});

describe("google-generative-ai: request body", () => {
  it("sends system prompt, images, tools, limits, thinking, and replays own signatures only", async () => {
    const model = geminiModel("");
    server = await startFakeServer({
      [streamRoute()]: replaySse(fixture("google-generative-ai/text-stream.chunks.txt"), {
        terminator: "\r\n\r\n",
      }),
    });
    const previous: AssistantMessage = {
      role: "assistant",
      api: model.api,
      provider: model.provider,
      model: model.id,
      content: [
        { type: "thinking", thinking: "hmm", thinkingSignature: "sigT" },
        { type: "text", text: "ok", textSignature: "sigX" },
      ],
      usage: {
        input: 0,
        output: 0,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 0,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      },
      stopReason: "stop",
      timestamp: 0,
    };
    const foreign: AssistantMessage = {
      ...previous,
      api: "anthropic-messages",
      provider: "anthropic",
      model: "claude",
    };
    await collect(
      streamGoogle(
        { ...model, baseUrl: server.url },
        {
          systemPrompt: "Be brief.",
          messages: [
            {
              role: "user",
              content: [
                { type: "text", text: "Look" },
                { type: "image", data: "aGk=", mimeType: "image/png" },
              ],
              timestamp: 0,
            },
            previous,
            foreign,
            { role: "user", content: "again", timestamp: 0 },
          ],
          tools: [
            {
              name: "get_weather",
              description: "Weather",
              parameters: Type.Object({ city: Type.String() }, { additionalProperties: false }),
            },
          ],
        },
        { ...KEY, maxTokens: 256, temperature: 0.2, thinking: "low" },
      ),
    );
    const body = server.requests[0]?.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      systemInstruction: { parts: [{ text: "Be brief." }], role: "user" },
      generationConfig: {
        maxOutputTokens: 256,
        temperature: 0.2,
        thinkingConfig: { includeThoughts: true, thinkingBudget: 4096 },
      },
      tools: [
        {
          functionDeclarations: [
            {
              name: "get_weather",
              description: "Weather",
              parameters: { type: "OBJECT", required: ["city"], properties: { city: { type: "STRING" } } },
            },
          ],
        },
      ],
      contents: [
        { role: "user", parts: [{ text: "Look" }, { inlineData: { mimeType: "image/png", data: "aGk=" } }] },
        {
          role: "model",
          parts: [
            { text: "hmm", thought: true, thoughtSignature: "sigT" },
            { text: "ok", thoughtSignature: "sigX" },
          ],
        },
        { role: "model", parts: [{ text: "hmm" }, { text: "ok" }] },
        { role: "user", parts: [{ text: "again" }] },
      ],
    });
    expect(JSON.stringify(body)).not.toContain("additionalProperties");
  });
});
