/**
 * Keeps the running gateway on the config file: watches it (and the agents' credential files),
 * validates every change, applies what can be applied live, and says what needs a restart. An
 * invalid file is never applied: the last good config stays in force and the problem is logged
 * and written to `<stateDir>/config-status.json` for `claw status`.
 */
import { existsSync, type FSWatcher, mkdirSync, watch, writeFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import {
  type ClawConfig,
  ConfigError,
  type ConfigIssue,
  defaultConfig,
  expandConfigDocument,
  type ModelKnowledge,
  readConfigDocument,
  type ValidationResult,
  validateConfig,
} from "@claw/config";
import { type ConfigReloadStatus, configStatusPath } from "../paths.js";
import { diffPaths } from "./diff-paths.js";
import { classifyChanges } from "./reload-rules.js";

export interface ConfigReloader {
  /** The config in force. */
  current(): ClawConfig;
  /** Validates a document as the file would load (includes, `${ENV}`, the model catalog). */
  validate(document: unknown): ValidationResult;
  /** Reads the file now and applies it; resolves with the outcome (also on a refused file). */
  reload(reason: string): Promise<ConfigReloadStatus>;
  status(): ConfigReloadStatus;
  close(): void;
}

export interface ConfigReloaderOptions {
  configPath: string;
  stateDir: string;
  /** The config the gateway started with. */
  initial: ClawConfig;
  env: Readonly<Record<string, string | undefined>>;
  /** The model catalog for validation (a typo in a model name is refused, not applied). */
  knowledge: ModelKnowledge;
  /** Folders holding `auth-profiles.json` files (one per agent). */
  credentialDirs: readonly string[];
  /** Applies a validated config to the running parts (models, credentials, agents). */
  apply(config: ClawConfig): Promise<void>;
  log(level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>): void;
  /** Watch the files (default true); tests call `reload` directly. */
  watch?: boolean;
  debounceMs?: number;
}

export function createConfigReloader(options: ConfigReloaderOptions): ConfigReloader {
  const { configPath, initial } = options;
  let current = initial;
  let state: ConfigReloadStatus = {
    ok: true,
    checkedAt: Date.now(),
    configPath,
    appliedLive: [],
    restartRequired: [],
  };
  let queue: Promise<unknown> = Promise.resolve();

  const record = (next: ConfigReloadStatus) => {
    state = next;
    try {
      writeFileSync(configStatusPath(options.stateDir), `${JSON.stringify(state)}\n`, {
        mode: 0o600,
      });
    } catch (error) {
      options.log("warn", "config: could not write the reload status", { error: String(error) });
    }
    return state;
  };

  const validate = (document: unknown) =>
    validateConfig(expandConfigDocument(configPath, document, options.env), options.knowledge);
  const readValidated = (): { config: ClawConfig } | { error: string; issues: ConfigIssue[] } => {
    try {
      if (!existsSync(configPath)) return { config: defaultConfig() };
      const result = validateConfig(readConfigDocument(configPath, options.env), options.knowledge);
      if (result.ok) return { config: result.config };
      return { error: new ConfigError(result.issues, configPath).message, issues: result.issues };
    } catch (error) {
      const issues = error instanceof ConfigError ? error.issues : [];
      return { error: error instanceof Error ? error.message : String(error), issues };
    }
  };

  const reloadNow = async (reason: string): Promise<ConfigReloadStatus> => {
    const read = readValidated();
    if ("error" in read) {
      options.log("error", "config: change refused, the last good config stays in force", {
        reason,
        error: read.error,
      });
      return record({ ...state, ok: false, checkedAt: Date.now(), error: read.error, issues: read.issues });
    }
    const sinceStart = classifyChanges(diffPaths(initial, read.config));
    const changedNow = diffPaths(current, read.config);
    // A watched config file with no change needs nothing; credentials or an explicit write may.
    if (changedNow.length > 0 || reason !== "config file") {
      await options.apply(read.config);
      current = read.config;
    }
    if (changedNow.length > 0)
      options.log("info", "config: reloaded", {
        reason,
        changed: changedNow,
        restartRequired: sinceStart.restart,
      });
    return record({
      ok: true,
      checkedAt: Date.now(),
      configPath,
      appliedLive: sinceStart.live,
      restartRequired: sinceStart.restart,
    });
  };

  const reload = (reason: string) => {
    const run = queue.then(() => reloadNow(reason));
    queue = run.catch(() => undefined);
    return run.catch((error: unknown) => {
      options.log("error", "config: applying a change failed", { reason, error: String(error) });
      return record({ ...state, ok: false, checkedAt: Date.now(), error: String(error) });
    });
  };

  const watchers: FSWatcher[] = [];
  const timers = new Map<string, NodeJS.Timeout>();
  const soon = (reason: string) => {
    clearTimeout(timers.get(reason));
    const timer = setTimeout(() => {
      timers.delete(reason);
      void reload(reason);
    }, options.debounceMs ?? 150);
    timer.unref();
    timers.set(reason, timer);
  };
  // Folders, not files: editors and atomic writes replace the file, which ends a file watch.
  const watchFolder = (folder: string, file: string, reason: string) => {
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        if (name === null || name.toString() === file) soon(reason);
      });
      watcher.on("error", (error) =>
        options.log("warn", "config: watch failed", { folder, error: String(error) }),
      );
      watchers.push(watcher);
    } catch (error) {
      options.log("warn", "config: cannot watch for changes", { folder, error: String(error) });
    }
  };
  if (options.watch !== false) {
    if (existsSync(dirname(configPath)))
      watchFolder(dirname(configPath), basename(configPath), "config file");
    for (const dir of options.credentialDirs) {
      // `claw onboard` may write the first key after the gateway started: the folder must exist.
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      watchFolder(dir, "auth-profiles.json", "credentials");
    }
  }

  return {
    current: () => current,
    validate,
    reload,
    status: () => state,
    close() {
      for (const watcher of watchers) watcher.close();
      for (const timer of timers.values()) clearTimeout(timer);
    },
  };
}
