/**
 * A JSON-file store for standalone users: `auth-profiles.json` holds the secrets (mode 0600),
 * `auth-state.json` holds routing state. Writes go to a temp file and are renamed into place,
 * so a reader sees a whole file or the previous one; writes to one file are queued, so
 * concurrent runs in this process lose no update.
 */
import { chmod, mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ProfileState } from "../cooldown.js";
import type { AuthProfile, AuthStateStore, CredentialStore } from "./types.js";
import { parseAuthProfile, parseProfileState } from "./validate.js";

interface StateFile {
  version: 1;
  profiles: Record<string, ProfileState>;
  pins: Record<string, Record<string, string>>;
}

/** One write queue per file path, shared by every store instance in the process. */
const queues = new Map<string, Promise<unknown>>();

function serialize<T>(path: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(path) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(path, settled);
  void settled.then(() => {
    if (queues.get(path) === settled) queues.delete(path);
  });
  return run;
}

let tempCounter = 0;
async function writeAtomic(path: string, data: string, mode: number): Promise<void> {
  const temp = `${path}.${process.pid}.${++tempCounter}.tmp`;
  await writeFile(temp, data, { mode });
  await chmod(temp, mode);
  await rename(temp, path);
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

function emptyState(): StateFile {
  return { version: 1, profiles: {}, pins: {} };
}

function parseStateFile(text: string | undefined): StateFile {
  if (text === undefined) return emptyState();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return emptyState(); // routing state is advisory: a torn or hand-broken file just resets cooldowns
  }
  const out = emptyState();
  if (raw === null || typeof raw !== "object") return out;
  const bag = raw as Record<string, unknown>;
  if (bag.profiles && typeof bag.profiles === "object")
    for (const [id, s] of Object.entries(bag.profiles)) out.profiles[id] = parseProfileState(s);
  if (bag.pins && typeof bag.pins === "object")
    for (const [session, byProvider] of Object.entries(bag.pins)) {
      if (!byProvider || typeof byProvider !== "object") continue;
      const pins: Record<string, string> = {};
      for (const [provider, id] of Object.entries(byProvider))
        if (typeof id === "string") pins[provider] = id;
      out.pins[session] = pins;
    }
  return out;
}

export interface JsonFileStoreOptions {
  /** Secrets file name inside the directory (default "auth-profiles.json"). */
  secretsFile?: string;
  /** Routing state file name inside the directory (default "auth-state.json"). */
  stateFile?: string;
}

export type JsonFileAuthStore = AuthStateStore &
  CredentialStore & {
    /** Replaces the stored credentials (written with mode 0600). */
    saveProfiles(profiles: readonly AuthProfile[]): Promise<void>;
    readonly secretsPath: string;
    readonly statePath: string;
  };

/**
 * @example
 * const files = createJsonFileAuthStateStore(join(homedir(), ".claw/agents/main"));
 * const auth = createAuthStore({ profiles: files, state: files });
 */
export function createJsonFileAuthStateStore(
  dir: string,
  options: JsonFileStoreOptions = {},
): JsonFileAuthStore {
  const secretsPath = join(dir, options.secretsFile ?? "auth-profiles.json");
  const statePath = join(dir, options.stateFile ?? "auth-state.json");
  const load = async () => parseStateFile(await readText(statePath));
  const mutate = (fn: (file: StateFile) => void) =>
    serialize(statePath, async () => {
      const file = await load();
      fn(file);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeAtomic(statePath, `${JSON.stringify(file, null, 2)}\n`, 0o644);
      return file;
    });

  return {
    secretsPath,
    statePath,
    async read(ids) {
      const file = await load();
      const out: Record<string, ProfileState> = {};
      for (const id of ids) {
        const s = file.profiles[id];
        if (s) out[id] = s;
      }
      return out;
    },
    async update(id, fn) {
      let next: ProfileState = {};
      await mutate((file) => {
        next = fn(file.profiles[id]);
        file.profiles[id] = next;
      });
      return next;
    },
    async getPin(sessionKey, provider) {
      return (await load()).pins[sessionKey]?.[provider];
    },
    async setPin(sessionKey, provider, profileId) {
      await mutate((file) => {
        const pins = { ...file.pins[sessionKey] };
        if (profileId === undefined) delete pins[provider];
        else pins[provider] = profileId;
        file.pins[sessionKey] = pins;
      });
    },
    async clearPins(sessionKey) {
      await mutate((file) => {
        delete file.pins[sessionKey];
      });
    },
    async loadProfiles() {
      const text = await readText(secretsPath);
      if (text === undefined) return [];
      if (process.platform !== "win32") {
        const mode = (await stat(secretsPath)).mode & 0o777;
        if ((mode & 0o077) !== 0)
          throw new Error(
            `failover: ${secretsPath} holds API keys but is readable by others (mode ${mode.toString(8)}) — run: chmod 600 ${secretsPath}`,
          );
      }
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (err) {
        throw new Error(
          `failover: ${secretsPath} is not valid JSON (${(err as Error).message}) — fix the file`,
        );
      }
      const list = (raw as { profiles?: unknown } | null)?.profiles;
      if (!Array.isArray(list)) throw new Error(`failover: ${secretsPath} needs a "profiles" array`);
      return list.map((p, i) => parseAuthProfile(p, `${secretsPath} profiles[${i}]`));
    },
    async saveProfiles(profiles) {
      await serialize(secretsPath, async () => {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await writeAtomic(secretsPath, `${JSON.stringify({ version: 1, profiles }, null, 2)}\n`, 0o600);
      });
    },
  };
}
