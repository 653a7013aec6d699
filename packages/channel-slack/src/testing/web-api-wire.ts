/** The Web API's wire as the fake reads and writes it: form, JSON or multipart in; JSON out. */
import type { IncomingMessage, ServerResponse } from "node:http";

export type Params = Record<string, unknown>;

/** A request's fields, from a form, JSON or multipart body (files become Buffers). */
export async function readParams(req: IncomingMessage): Promise<Params> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const type = req.headers["content-type"] ?? "";
  if (body.length === 0) return {};
  if (type.includes("json")) return JSON.parse(body.toString("utf8")) as Params;
  if (type.includes("multipart/form-data")) {
    const form = await new Response(body, { headers: { "content-type": type } }).formData();
    const params: Params = {};
    for (const [k, v] of form.entries())
      params[k] = typeof v === "string" ? v : Buffer.from(await (v as Blob).arrayBuffer());
    return params;
  }
  return Object.fromEntries(new URLSearchParams(body.toString("utf8")));
}

/** Writes a JSON answer (`{ ok: true, … }` or `{ ok: false, error }`). */
export const answer = (
  res: ServerResponse,
  body: Params,
  status = 200,
  headers: Record<string, string> = {},
): void =>
  void res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
