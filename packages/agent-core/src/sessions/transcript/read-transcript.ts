/**
 * Reads a transcript back, detecting and repairing the one kind of damage a crash can cause:
 * a partial trailing line. Any other bad line is skipped and reported, never silently.
 */
import { open, readFile, truncate } from "node:fs/promises";
import {
  isTranscriptEntry,
  isTranscriptHeader,
  type TranscriptEntry,
  type TranscriptHeader,
} from "./entries.js";

export interface TranscriptProblem {
  line: number;
  problem: string;
}

export interface LoadedTranscript {
  header: TranscriptHeader | undefined;
  entries: TranscriptEntry[];
  /** Bytes cut from the end because the last line was incomplete (0 = none). */
  repairedBytes: number;
  /** Lines that were skipped, with why. */
  problems: TranscriptProblem[];
}

/** Loads a transcript; a missing file is an empty transcript. Repairs a torn tail in place. */
export async function readTranscript(
  path: string,
  options: { repair?: boolean } = {},
): Promise<LoadedTranscript> {
  let buffer: Buffer;
  try {
    buffer = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { header: undefined, entries: [], repairedBytes: 0, problems: [] };
    throw error;
  }
  const problems: TranscriptProblem[] = [];
  let end = buffer.length;
  let repairedBytes = 0;
  const lastNewline = buffer.lastIndexOf(0x0a);
  if (lastNewline !== buffer.length - 1) {
    // A torn write: keep everything up to the last complete line.
    end = lastNewline + 1;
    repairedBytes = buffer.length - end;
    problems.push({
      line: countLines(buffer, end) + 1,
      problem: `incomplete last line (${repairedBytes} bytes) removed`,
    });
    if (options.repair !== false) await truncateTo(path, end);
  }
  const text = buffer.subarray(0, end).toString("utf8");
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  let header: TranscriptHeader | undefined;
  const entries: TranscriptEntry[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      problems.push({ line: index + 1, problem: "not valid JSON; skipped" });
      return;
    }
    if (index === 0 && isTranscriptHeader(value)) header = value;
    else if (isTranscriptEntry(value)) entries.push(value);
    else problems.push({ line: index + 1, problem: "not a transcript entry; skipped" });
  });
  return { header, entries, repairedBytes, problems };
}

function countLines(buffer: Buffer, end: number): number {
  let count = 0;
  for (let i = 0; i < end; i++) if (buffer[i] === 0x0a) count++;
  return count;
}

async function truncateTo(path: string, length: number) {
  await truncate(path, length);
  const handle = await open(path, "r+");
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
