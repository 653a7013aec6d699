/**
 * `chat.send` attachments through the real gateway: images reach a model that reads images as
 * image content; a text-only model gets them as files in the workspace inbox, named in the
 * message; files always land in the inbox under a safe, unique name; lying bytes are refused.
 */
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { GatewayRequestError } from "@claw/client";
import { createFauxProvider, type ImageContent, type Message } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { inboxFileName } from "../src/runtime-adapter/attachments.js";
import { startTestGateway } from "./helpers.js";

/** A 1×1 PNG. */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const SESSION = "agent:main:main";

async function gateway(input: ("text" | "image")[]) {
  const faux = createFauxProvider(["I see it."], { provider: "faux", whenExhausted: "repeat-last" });
  const model = faux.modelFor("m-1", { input });
  const started = await startTestGateway(
    { agents: { defaults: { model: "faux/m-1" } } },
    { models: [model], stream: faux.stream, scopes: ["operator.read", "operator.write"] },
  );
  const workspace = started.claw.agents[0]?.workspaceDir ?? "";
  const send = async (attachments: unknown[], idempotencyKey = randomUUID()) => {
    const { runId } = await started.client.request("chat.send", {
      sessionKey: SESSION,
      message: "what is this?",
      idempotencyKey,
      attachments: attachments as never,
    });
    await started.client.request("agent.wait", { runId, timeoutMs: 15_000 });
    return runId;
  };
  const lastUser = (): Message | undefined =>
    faux.calls.at(-1)?.context.messages.findLast((m) => m.role === "user");
  return { ...started, faux, workspace, send, lastUser };
}

const inboxOf = (workspace: string) => {
  try {
    return readdirSync(join(workspace, "inbox"));
  } catch {
    return [];
  }
};

describe("chat.send attachments in the gateway", () => {
  it("gives a model that reads images the image as content, and the transcript keeps it", async () => {
    const { send, lastUser, workspace, client } = await gateway(["text", "image"]);
    await send([{ type: "image", mimeType: "image/png", fileName: "dot.png", content: PNG }]);
    const content = lastUser()?.content;
    expect(content).toEqual([
      { type: "text", text: "what is this?" },
      { type: "image", data: PNG, mimeType: "image/png" } satisfies ImageContent,
    ]);
    expect(inboxOf(workspace)).toEqual([]);
    const history = await client.request("chat.history", { sessionKey: SESSION });
    expect(history.messages[0]?.content).toEqual(content);
  });

  it("saves images for a text-only model and files for any model to the inbox, and names them in the message", async () => {
    const { send, lastUser, workspace } = await gateway(["text"]);
    const notes = Buffer.from("# notes\n").toString("base64");
    const key = randomUUID();
    await send(
      [
        { type: "image", mimeType: "image/png", fileName: "dot.png", content: PNG },
        { type: "file", mimeType: "text/markdown", fileName: "my notes?.md", content: notes },
      ],
      key,
    );
    const saved = inboxOf(workspace).sort();
    expect(saved).toHaveLength(2);
    const [image, file] = [
      saved.find((n) => n.endsWith("dot.png")),
      saved.find((n) => n.endsWith("my notes_.md")),
    ];
    expect(readFileSync(join(workspace, "inbox", image ?? "")).toString("base64")).toBe(PNG);
    expect(readFileSync(join(workspace, "inbox", file ?? ""), "utf8")).toBe("# notes\n");
    expect(lastUser()?.content).toBe(
      [
        "what is this?",
        `[image attached: inbox/${image} — this model does not read images]`,
        `[file attached: inbox/${file} (text/markdown, 8 bytes)]`,
      ].join("\n"),
    );
    // A retry of the same message starts nothing and saves nothing again.
    await send([{ type: "file", mimeType: "text/markdown", fileName: "my notes?.md", content: notes }], key);
    expect(inboxOf(workspace)).toHaveLength(2);
  });

  it("refuses an image whose bytes are not an image, and saves nothing", async () => {
    const { send, workspace, faux } = await gateway(["text"]);
    const error = await send([
      { type: "file", fileName: "a.txt", content: "aGk=" },
      {
        type: "image",
        mimeType: "image/png",
        fileName: "fake.png",
        content: Buffer.from("<svg/>").toString("base64"),
      },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect((error as GatewayRequestError).message).toMatch(
      /attachments\[1\] \(fake\.png\) says it is image\/png, but its bytes are not/,
    );
    expect(inboxOf(workspace)).toEqual([]);
    expect(faux.calls).toHaveLength(0);
  });
});

describe("agent attachments in the gateway", () => {
  it("takes the same attachments as chat.send: the image reaches the model; a bad one is refused as agent's", async () => {
    const { client, lastUser, faux } = await gateway(["text", "image"]);
    const final = await client.requestFinal("agent", {
      message: "what is this?",
      sessionKey: SESSION,
      idempotencyKey: randomUUID(),
      attachments: [{ type: "image", mimeType: "image/png", fileName: "dot.png", content: PNG }],
    });
    expect(final.status).toBe("ok");
    expect(lastUser()?.content).toEqual([
      { type: "text", text: "what is this?" },
      { type: "image", data: PNG, mimeType: "image/png" } satisfies ImageContent,
    ]);
    const calls = faux.calls.length;
    const refused = await client
      .request("agent", {
        message: "and this?",
        sessionKey: SESSION,
        idempotencyKey: randomUUID(),
        attachments: [{ type: "file", fileName: "../../etc/passwd", content: "aGk=" }],
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayRequestError);
    expect((refused as GatewayRequestError).reason).toMatch(
      /^agent: attachments\[0\] fileName "\.\.\/\.\.\/etc\/passwd"/,
    );
    expect(faux.calls).toHaveLength(calls);
  });
});

describe("inbox file names", () => {
  const at = new Date("2026-11-25T01:30:00Z");
  it.each([
    ["photo.png", "20261125-013000-abc123-photo.png"],
    ["Résumé (final).pdf", "20261125-013000-abc123-Résumé (final).pdf"],
    ["..hidden", "20261125-013000-abc123-hidden"],
    ["a:b*c?.txt", "20261125-013000-abc123-a_b_c_.txt"],
    ["...", "20261125-013000-abc123-file"],
  ])("%j → %j", (name, stored) => expect(inboxFileName(name, at, "abc123")).toBe(stored));
});
