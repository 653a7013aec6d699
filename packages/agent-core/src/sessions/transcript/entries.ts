/**
 * The transcript file format: one JSON object per line. The first line is the header; every
 * later line is an entry `{type, id, parentId, timestamp, …}`. Entries are validated when read
 * back from disk, since a file may have been edited or cut short.
 */
import type { Message } from "@claw/providers";
import { Type } from "typebox";
import { validatorFor } from "../../loop/validate-args.js";

export const TRANSCRIPT_VERSION = 1;

export interface TranscriptHeader {
  type: "session";
  version: number;
  id: string;
  timestamp: number;
  cwd?: string;
}

interface EntryBase {
  id: string;
  parentId: string | null;
  timestamp: number;
}

export type TranscriptEntry =
  | (EntryBase & { type: "message"; message: Message })
  | (EntryBase & { type: "model_change"; model: string })
  | (EntryBase & { type: "thinking_change"; thinking: string })
  | (EntryBase & {
      type: "compaction";
      summary: string;
      firstKeptEntryId: string | null;
      tokensBefore?: number;
      tokensAfter?: number;
    })
  | (EntryBase & { type: "custom"; customType: string; data?: unknown });

const Base = {
  id: Type.String({ minLength: 1 }),
  parentId: Type.Union([Type.String(), Type.Null()]),
  timestamp: Type.Number(),
};

const HeaderSchema = Type.Object({
  type: Type.Literal("session"),
  version: Type.Integer({ minimum: 1 }),
  id: Type.String({ minLength: 1 }),
  timestamp: Type.Number(),
  cwd: Type.Optional(Type.String()),
});

const MessageSchema = Type.Object({
  role: Type.Union([Type.Literal("user"), Type.Literal("assistant"), Type.Literal("toolResult")]),
});

const EntrySchema = Type.Union([
  Type.Object({ ...Base, type: Type.Literal("message"), message: MessageSchema }),
  Type.Object({ ...Base, type: Type.Literal("model_change"), model: Type.String() }),
  Type.Object({ ...Base, type: Type.Literal("thinking_change"), thinking: Type.String() }),
  Type.Object({
    ...Base,
    type: Type.Literal("compaction"),
    summary: Type.String(),
    firstKeptEntryId: Type.Union([Type.String(), Type.Null()]),
    tokensBefore: Type.Optional(Type.Number()),
    tokensAfter: Type.Optional(Type.Number()),
  }),
  Type.Object({
    ...Base,
    type: Type.Literal("custom"),
    customType: Type.String(),
    data: Type.Optional(Type.Unknown()),
  }),
]);

export function isTranscriptHeader(value: unknown): value is TranscriptHeader {
  return validatorFor(HeaderSchema).Check(value);
}

export function isTranscriptEntry(value: unknown): value is TranscriptEntry {
  return validatorFor(EntrySchema).Check(value);
}
