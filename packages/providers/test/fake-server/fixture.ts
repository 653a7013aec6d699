/** Locates the wire captures (fixtures/wire-captures at the repository root) from this file, so tests work from any cwd. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// test/fake-server → providers → packages → repository root.
const CAPTURES = new URL("../../../../fixtures/wire-captures/", import.meta.url);

/**
 * Absolute path of a capture file.
 *
 * @example
 * fixture("ollama-chat/text-stream.httprr"); // "<repo>/fixtures/wire-captures/ollama-chat/text-stream.httprr"
 */
export function fixture(relativePath: string): string {
  return fileURLToPath(new URL(relativePath, CAPTURES));
}

/** The bytes of a capture file (given as relative to the captures folder or absolute). */
export function readCapture(file: string): Buffer {
  return readFileSync(file.startsWith("/") ? file : fixture(file));
}
