/** Folders every search skips, plus simple .gitignore patterns from the workspace root. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";

export const ALWAYS_IGNORED = [
  "**/node_modules/**",
  "**/.git/**",
  "**/dist/**",
  "**/.turbo/**",
  "**/.venv/**",
];

/** Reads root .gitignore lines as glob ignores (comments and negations skipped). */
export async function gitignorePatterns(root: string): Promise<string[]> {
  const text = await readFile(join(root, ".gitignore"), "utf8").catch(() => "");
  const patterns: string[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith("!")) continue;
    const body = line.replace(/^\//, "").replace(/\/$/, "");
    patterns.push(
      line.startsWith("/") ? body : `**/${body}`,
      line.startsWith("/") ? `${body}/**` : `**/${body}/**`,
    );
  }
  return patterns;
}
