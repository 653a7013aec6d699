/** Temporary agent workspaces for tests. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface TempWorkspace {
  dir: string;
  dbPath: string;
  write(path: string, content: string): void;
  remove(path: string): void;
  cleanup(): void;
}

export function tempWorkspace(files: Record<string, string> = {}): TempWorkspace {
  const root = mkdtempSync(join(tmpdir(), "claw-memory-"));
  const dir = join(root, "workspace");
  mkdirSync(dir, { recursive: true });
  const ws: TempWorkspace = {
    dir,
    dbPath: join(root, "state", "main.sqlite"),
    write(path, content) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    },
    remove(path) {
      rmSync(join(dir, path), { force: true });
    },
    cleanup() {
      rmSync(root, { recursive: true, force: true });
    },
  };
  for (const [path, content] of Object.entries(files)) ws.write(path, content);
  return ws;
}

export const NOTES: Record<string, string> = {
  "MEMORY.md":
    "# Preferences\n\nThe user prefers dark mode and short answers.\n\n# Decisions\n\nWe chose PostgreSQL for the billing database because of strong transactions.\n",
  "memory/2026-01-16.md":
    "# 2026-01-16\n\n## Work\n\nMigrated the invoice service to Kubernetes.\n\n- [ ] rotate the staging certificates\n",
  "memory/people/alice.md": "# Alice\n\nAlice leads the mobile team and likes espresso.\n",
  "memory/2026-01-20-zh.md": "# 会议记录\n\n我们决定使用向量数据库来存储长期记忆。\n",
};
