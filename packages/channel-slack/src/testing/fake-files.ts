/**
 * Files in the fake Slack: downloadable files (`url_private_download`, bot token required) and
 * the external upload flow (`files.getUploadURLExternal` → POST to the upload URL →
 * `files.completeUploadExternal`), recording each completed upload.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SlackFile } from "../inbound/normalize.js";
import { answer, type Params, readParams } from "./web-api-wire.js";

export interface FakeUpload {
  id: string;
  channel: string;
  filename: string;
  content: Buffer;
  threadTs?: string;
  comment?: string;
}

const newFileId = () => `F${randomUUID().slice(0, 8).toUpperCase()}`;

export class FakeFiles {
  /** Every completed upload, in order. */
  readonly uploads: FakeUpload[] = [];
  private readonly files = new Map<string, { name: string; content: Buffer }>();
  private readonly staged = new Map<string, { filename: string; content?: Buffer }>();

  constructor(private readonly origin: () => string) {}

  /** Makes a file downloadable; returns the file object an event carries. */
  add(name: string, content: Buffer, mimetype: string, teamId: string): SlackFile {
    const id = newFileId();
    this.files.set(id, { name, content });
    const url = `${this.origin()}/files-pri/${teamId}-${id}/${encodeURIComponent(name)}`;
    return {
      id,
      name,
      mimetype,
      size: content.length,
      url_private: url,
      url_private_download: `${url}?download=1`,
      mode: "hosted",
    };
  }

  /** While true, downloads wait (a slow file host) until `releaseDownloads()`. */
  holding = false;
  /** Downloads that arrived while holding (waiting, or released since). */
  heldDownloads = 0;
  private readonly waiting: (() => void)[] = [];

  /** Lets every held download finish, and stops holding new ones. */
  releaseDownloads(): void {
    this.holding = false;
    for (const resume of this.waiting.splice(0)) resume();
  }

  /** Serves `/files-pri/…` when `authorized`; true when the path was a download. */
  serveDownload(path: string, authorized: boolean, res: ServerResponse): boolean {
    const match = /^\/files-pri\/[^/]+-(F[A-Z0-9]+)\//.exec(path);
    if (!match) return false;
    const file = this.files.get(match[1] as string);
    const answer = () => {
      if (!authorized || !file) res.writeHead(404).end("Not Found");
      else res.writeHead(200, { "content-type": "application/octet-stream" }).end(file.content);
    };
    if (!this.holding) answer();
    else {
      this.heldDownloads++;
      this.waiting.push(answer);
    }
    return true;
  }

  /** `files.getUploadURLExternal`. */
  stage(params: Params, res: ServerResponse): void {
    const id = newFileId();
    this.staged.set(id, { filename: String(params.filename) });
    answer(res, { ok: true, upload_url: `${this.origin()}/upload/${id}`, file_id: id });
  }

  /** Takes `POST /upload/<id>`; true when the path was an upload. */
  async receiveUpload(path: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const match = /^\/upload\/(F[A-Z0-9]+)$/.exec(path);
    if (!match) return false;
    const staged = this.staged.get(match[1] as string);
    if (!staged) {
      res.writeHead(404).end("Not Found");
      return true;
    }
    const params = await readParams(req);
    const content = params.body ?? params.file ?? params.filename;
    staged.content = Buffer.isBuffer(content) ? content : Buffer.from(String(content ?? ""));
    res.writeHead(200, { "content-type": "text/plain" }).end(`OK - ${staged.content.length}`);
    return true;
  }

  /** `files.completeUploadExternal`: shares the uploaded files into the channel (or thread). */
  complete(params: Params, channel: string, res: ServerResponse): void {
    const files = JSON.parse(String(params.files ?? "[]")) as { id: string; title?: string }[];
    const done = [];
    for (const file of files) {
      const staged = this.staged.get(file.id);
      if (!staged?.content) {
        answer(res, { ok: false, error: "file_upload_not_found" });
        return;
      }
      this.uploads.push({
        id: file.id,
        channel,
        filename: staged.filename,
        content: staged.content,
        ...(params.thread_ts ? { threadTs: String(params.thread_ts) } : {}),
        ...(params.initial_comment ? { comment: String(params.initial_comment) } : {}),
      });
      done.push({ id: file.id, title: file.title ?? staged.filename, name: staged.filename });
    }
    answer(res, { ok: true, files: done });
  }
}
