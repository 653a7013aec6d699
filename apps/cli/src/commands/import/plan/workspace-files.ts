/**
 * The workspace files an agent brings along: its bootstrap files, long-term memory, daily memory
 * notes and skills. Anything else in the folder (a git repository, scratch files, BOOTSTRAP.md,
 * which only drives OpenClaw's first run) stays where it is.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { type FileStep, fileStep } from "./steps.js";

export const WORKSPACE_FILES = [
  "AGENTS.md",
  "SOUL.md",
  "USER.md",
  "TOOLS.md",
  "IDENTITY.md",
  "HEARTBEAT.md",
  "MEMORY.md",
] as const;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/** Relative paths of the files to copy from `workspace`. */
export function listWorkspaceFiles(workspace: string): string[] {
  const top = WORKSPACE_FILES.filter((name) => existsSync(join(workspace, name)));
  const memory = existsSync(join(workspace, "memory"))
    ? readdirSync(join(workspace, "memory"))
        .filter((name) => name.endsWith(".md") && statSync(join(workspace, "memory", name)).isFile())
        .sort()
        .map((name) => join("memory", name))
    : [];
  const skills = filesUnder(join(workspace, "skills"))
    .map((path) => relative(workspace, path))
    .sort();
  return [...top, ...memory, ...skills];
}

/** A copy step per file; a file Claw already has with other content is kept (a conflict). */
export function workspaceSteps(agentId: string, from: string, to: string): FileStep[] {
  return listWorkspaceFiles(from).map((rel) =>
    fileStep("workspace", join(to, rel), readFileSync(join(from, rel)), {
      detail: `${agentId}: ${rel}`,
      replaceable: false,
      mode: statSync(join(from, rel)).mode & 0o777,
    }),
  );
}
