/**
 * The per-agent exec allowlist, kept in one JSON file under the state dir (`exec-approvals.json`,
 * OpenClaw's layout: `{ version: 1, agents: { <id>: { allowlist: [...] } } }`). Reads follow the
 * file's mtime, so `claw approvals allow` in another process applies at once; writes are atomic
 * (temp file + rename). A file that does not parse is never overwritten: every call names it.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { writeConfigFile } from "@claw/config";
import Type, { type Static } from "typebox";
import type { Value as ValueModule } from "typebox/value";
import type { AllowlistEntry } from "./exec-policy.js";

const Entry = Type.Object({
  id: Type.String({ minLength: 1 }),
  pattern: Type.String({ minLength: 1 }),
  argPattern: Type.Optional(Type.String()),
  source: Type.Optional(Type.Literal("allow-always")),
  commandText: Type.Optional(Type.String()),
  lastUsedAt: Type.Optional(Type.Number({ minimum: 0 })),
  lastUsedCommand: Type.Optional(Type.String()),
  lastResolvedPath: Type.Optional(Type.String()),
});

const ApprovalsFile = Type.Object({
  version: Type.Literal(1),
  agents: Type.Optional(
    Type.Record(Type.String(), Type.Object({ allowlist: Type.Optional(Type.Array(Entry)) })),
  ),
});
type ApprovalsFile = Static<typeof ApprovalsFile>;

// typebox/value is ~140 modules: loaded when the file is first read, not by every gateway start.
let valueModule: typeof ValueModule | undefined;
function typeboxValue(): typeof ValueModule {
  valueModule ??= (createRequire(import.meta.url)("typebox/value") as { Value: typeof ValueModule }).Value;
  return valueModule;
}

export class AllowlistFileError extends Error {
  override name = "AllowlistFileError";
}

/**
 * @example
 * const store = new ExecAllowlistStore("/home/me/.claw/exec-approvals.json");
 * store.add("main", { pattern: "/usr/bin/git", argPattern: "status*" });
 * store.list("main"); // [{ id: "…", pattern: "/usr/bin/git", argPattern: "status*" }]
 */
export class ExecAllowlistStore {
  private cache?: { mtimeMs: number; size: number; file: ApprovalsFile };

  constructor(readonly path: string) {}

  /** The agent's entries (an empty list when the file does not exist yet). */
  list(agentId: string): AllowlistEntry[] {
    return [...(this.read().agents?.[agentId]?.allowlist ?? [])];
  }

  /** Every agent's entries. */
  all(): Record<string, AllowlistEntry[]> {
    const agents = this.read().agents ?? {};
    return Object.fromEntries(Object.entries(agents).map(([id, agent]) => [id, agent.allowlist ?? []]));
  }

  /** Adds an entry; an identical pattern + argPattern already there is returned instead. */
  add(agentId: string, entry: Omit<AllowlistEntry, "id">): AllowlistEntry {
    if (!entry.pattern.trim()) throw new Error("An allowlist entry needs a program path or pattern.");
    const file = this.read();
    const list = file.agents?.[agentId]?.allowlist ?? [];
    const same = list.find((e) => e.pattern === entry.pattern && e.argPattern === entry.argPattern);
    if (same) return same;
    const added: AllowlistEntry = { id: randomUUID(), ...entry };
    this.write({
      ...file,
      agents: { ...file.agents, [agentId]: { ...file.agents?.[agentId], allowlist: [...list, added] } },
    });
    return added;
  }

  /** Removes entries whose id (or id prefix of 6+ characters) or pattern equals `target`. */
  revoke(agentId: string, target: string): AllowlistEntry[] {
    const file = this.read();
    const list = file.agents?.[agentId]?.allowlist ?? [];
    const hit = (e: AllowlistEntry) =>
      e.id === target || e.pattern === target || (target.length >= 6 && e.id.startsWith(target));
    const removed = list.filter(hit);
    if (removed.length === 0) return [];
    this.write({
      ...file,
      agents: {
        ...file.agents,
        [agentId]: { ...file.agents?.[agentId], allowlist: list.filter((e) => !hit(e)) },
      },
    });
    return removed;
  }

  private read(): ApprovalsFile {
    let stats: { mtimeMs: number; size: number };
    try {
      stats = statSync(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { version: 1 };
      throw error;
    }
    if (this.cache && this.cache.mtimeMs === stats.mtimeMs && this.cache.size === stats.size)
      return this.cache.file;
    const text = readFileSync(this.path, "utf8");
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new AllowlistFileError(
        `${this.path} is not valid JSON (${(error as Error).message}); fix or remove it — it was left as it is.`,
      );
    }
    const Value = typeboxValue();
    if (!Value.Check(ApprovalsFile, parsed)) {
      const first = [...Value.Errors(ApprovalsFile, parsed)][0];
      throw new AllowlistFileError(
        `${this.path} does not look like an exec approvals file (${first?.instancePath || "/"}: ${first?.message ?? "invalid"}); fix or remove it — it was left as it is.`,
      );
    }
    this.cache = { ...stats, file: parsed };
    return parsed;
  }

  private write(file: ApprovalsFile): void {
    writeConfigFile(this.path, file);
    this.cache = undefined;
  }
}
