/**
 * Child process of the shell reader fuzz test: parses every fuzz case for a seed and prints one
 * JSON line per case (`ok`, `reason`, the number of commands, or what it threw). It runs apart
 * from the test so that a hang is a timeout the test reports, not a stuck test worker.
 */
import { parseShellCommand } from "../src/exec/shell-parse.js";
import { fuzzCases } from "./fixtures-shell-fuzz-cases.js";

const seed = Number(process.argv[2] ?? "1");
const cases = fuzzCases(seed);
const lines: string[] = [];
let group = "";
for (const [index, fuzz] of cases.entries()) {
  if (fuzz.group !== group) {
    group = fuzz.group;
    process.stderr.write(`group ${group} from case ${index}\n`);
  }
  try {
    const parsed: unknown = parseShellCommand(fuzz.input);
    lines.push(JSON.stringify(describe(parsed)));
  } catch (error) {
    lines.push(
      JSON.stringify({ threw: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
    );
  }
}
process.stdout.write(`${lines.join("\n")}\n`);

/** The result as data, keeping anything that is not the documented shape visible to the test. */
function describe(parsed: unknown): Record<string, unknown> {
  if (typeof parsed !== "object" || parsed === null) return { shape: typeof parsed };
  const { ok, reason, commands } = parsed as Record<string, unknown>;
  return { ok, reason, commands: Array.isArray(commands) ? commands.length : typeof commands };
}
