/**
 * The file layout OpenClaw used before 2026.9 (and the reference documents describe):
 * `agents/<id>/sessions/sessions.json` (session key → entry) beside `<sessionId>.jsonl`
 * transcripts, `cron/jobs.json` (`{version:1, jobs:[…]}`) and
 * `agents/<id>/agent/auth-profiles.json` (`{version, profiles:{id: credential}}`). Read only.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { isRecord, type OpenClawCredential, type OpenClawSession } from "./types.js";

function readJson(path: string, warnings: string[]): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    warnings.push(`${path} is not valid JSON (${(error as Error).message}); skipped`);
    return undefined;
  }
}

/** A JSONL transcript; a damaged line is skipped and named, the rest still imports. */
export function readJsonlTranscript(path: string, warnings: string[]): unknown[] {
  if (!existsSync(path)) {
    warnings.push(`transcript ${path} is missing; the session imports without history`);
    return [];
  }
  const events: unknown[] = [];
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (line.trim() === "") return;
      try {
        events.push(JSON.parse(line));
      } catch {
        warnings.push(`${path}:${index + 1} is not valid JSON; that line was skipped`);
      }
    });
  return events;
}

/** Agent ids that have a folder under `agents/`. */
export function listAgentDirs(root: string): string[] {
  const dir = join(root, "agents");
  return existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : [];
}

/** Sessions from `sessions.json` indexes: per agent, and the older `sessions/<agentId>/` place. */
export function readFileSessions(root: string, warnings: string[]): OpenClawSession[] {
  const sessions: OpenClawSession[] = [];
  const seen = new Set<string>();
  const indexes = listAgentDirs(root).flatMap((agentId) => [
    { agentId, dir: join(root, "agents", agentId, "sessions") },
    { agentId, dir: join(root, "sessions", agentId) },
  ]);
  for (const { agentId, dir } of indexes) {
    const index = readJson(join(dir, "sessions.json"), warnings);
    if (!isRecord(index)) continue;
    for (const [sessionKey, meta] of Object.entries(index)) {
      if (!isRecord(meta) || typeof meta.sessionId !== "string" || seen.has(sessionKey)) continue;
      seen.add(sessionKey);
      const file =
        typeof meta.sessionFile === "string" && isAbsolute(meta.sessionFile) && existsSync(meta.sessionFile)
          ? meta.sessionFile
          : join(root, "agents", agentId, "sessions", `${meta.sessionId}.jsonl`);
      sessions.push({
        agentId,
        sessionKey,
        sessionId: meta.sessionId,
        meta,
        events: readJsonlTranscript(file, warnings),
      });
    }
  }
  return sessions;
}

/** Jobs of `cron/jobs.json` (or the file `cron.store` names). */
export function readFileCronJobs(path: string, warnings: string[]): Record<string, unknown>[] {
  const file = readJson(path, warnings);
  if (file === undefined) return [];
  if (!isRecord(file) || !Array.isArray(file.jobs)) {
    warnings.push(`${path} has no "jobs" array; no cron jobs imported`);
    return [];
  }
  return file.jobs.filter(isRecord);
}

/** Per-agent `auth-profiles.json` stores (in `agents/<id>/agent/` or the older `agents/<id>/`). */
export function readFileCredentials(
  root: string,
  warnings: string[],
): Record<string, Record<string, OpenClawCredential>> {
  const out: Record<string, Record<string, OpenClawCredential>> = {};
  for (const agentId of listAgentDirs(root)) {
    for (const path of [
      join(root, "agents", agentId, "agent", "auth-profiles.json"),
      join(root, "agents", agentId, "auth-profiles.json"),
    ]) {
      const store = readJson(path, warnings);
      if (!isRecord(store) || !isRecord(store.profiles)) continue;
      const profiles = out[agentId] ?? {};
      for (const [id, credential] of Object.entries(store.profiles))
        if (isRecord(credential) && !(id in profiles)) profiles[id] = credential;
      out[agentId] = profiles;
    }
  }
  return out;
}
