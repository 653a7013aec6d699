import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { WORKSPACE_TEMPLATES } from "./templates.js";

export interface SeedResult {
  created: string[];
  /** Files that already existed and were left alone. */
  kept: string[];
}

async function writeIfAbsent(path: string, content: string): Promise<boolean> {
  try {
    // "wx" fails if the file exists, so a concurrent writer or a user's file is never overwritten.
    await writeFile(path, content, { flag: "wx", encoding: "utf8" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * Creates the workspace and writes starter files that do not exist yet; existing files are never
 * touched. BOOTSTRAP.md is written only for a brand-new workspace (no other starter file existed),
 * so deleting it after the first-run ritual is permanent.
 *
 * @example
 * const { created } = await seedWorkspace("/home/ada/.claw/workspace");
 */
export async function seedWorkspace(workspaceDir: string): Promise<SeedResult> {
  await mkdir(join(workspaceDir, "memory"), { recursive: true });
  const result: SeedResult = { created: [], kept: [] };
  for (const [name, content] of Object.entries(WORKSPACE_TEMPLATES)) {
    if (name === "BOOTSTRAP.md") continue;
    const created = await writeIfAbsent(join(workspaceDir, name), content);
    (created ? result.created : result.kept).push(name);
  }
  if (result.kept.length === 0) {
    const bootstrap = WORKSPACE_TEMPLATES["BOOTSTRAP.md"] ?? "";
    if (await writeIfAbsent(join(workspaceDir, "BOOTSTRAP.md"), bootstrap))
      result.created.push("BOOTSTRAP.md");
  }
  return result;
}
