/**
 * `config.get|patch|apply` for the gateway: redacted reads, validated writes (atomic, `.bak`
 * kept), an optimistic-concurrency hash; each write is applied to the running gateway at once,
 * with an honest report of what took effect and what needs a restart.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { ConfigError, deepMerge, parseJson5, redactConfig, writeConfigFile } from "@claw/config";
import { RuntimeError } from "@claw/gateway";
import type { ConfigWriteResult } from "@claw/protocol";
import type { ConfigReloader } from "../reload/config-reloader.js";
import { diffPaths } from "../reload/diff-paths.js";
import { classifyChanges } from "../reload/reload-rules.js";

export interface ConfigAccess {
  get(): Promise<{ config: unknown; hash: string; path?: string }>;
  patch(raw: string, baseHash?: string): Promise<ConfigWriteResult>;
  apply(raw: string, baseHash?: string): Promise<ConfigWriteResult>;
}

export function createConfigAccess(configPath: string, reloader: ConfigReloader): ConfigAccess {
  const readDocument = (): { document: Record<string, unknown>; text: string } => {
    if (!existsSync(configPath)) return { document: {}, text: "" };
    const text = readFileSync(configPath, "utf8");
    return { document: parseJson5(text, configPath) as Record<string, unknown>, text };
  };
  const hashOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

  const write = async (
    next: Record<string, unknown>,
    before: Record<string, unknown>,
    baseHash: string | undefined,
    text: string,
  ): Promise<ConfigWriteResult> => {
    if (baseHash !== undefined && baseHash !== hashOf(text)) {
      throw new RuntimeError(
        "CONFLICT",
        "The config changed since you read it (hash mismatch). Read it again with config.get and retry.",
      );
    }
    const result = reloader.validate(next);
    if (!result.ok) {
      const error = new ConfigError(result.issues, configPath);
      throw new RuntimeError("INVALID", error.message, {
        issues: result.issues.map((i) => ({ path: i.path, message: i.message, hint: i.hint })),
      });
    }
    writeConfigFile(configPath, next);
    const reloaded = await reloader.reload("config write");
    if (!reloaded.ok)
      throw new RuntimeError("UNAVAILABLE", `The config was written but not applied: ${reloaded.error}`);
    const changedPaths = diffPaths(before, next);
    const { live, restart } = classifyChanges(changedPaths);
    return {
      ok: true,
      hash: hashOf(readFileSync(configPath, "utf8")),
      changedPaths,
      hotApplied: live,
      restartRequired: restart,
    };
  };

  const parse = (raw: string): Record<string, unknown> => {
    let value: unknown;
    try {
      value = parseJson5(raw, "config patch");
    } catch (error) {
      throw new RuntimeError("INVALID", error instanceof Error ? error.message : String(error));
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new RuntimeError("INVALID", "The config must be a JSON object.");
    return value as Record<string, unknown>;
  };

  return {
    async get() {
      const { text } = readDocument();
      return { config: redactConfig(reloader.current()), hash: hashOf(text), path: configPath };
    },
    async patch(raw, baseHash) {
      const { document, text } = readDocument();
      return write(deepMerge(document, parse(raw)) as Record<string, unknown>, document, baseHash, text);
    },
    async apply(raw, baseHash) {
      const { document, text } = readDocument();
      return write(parse(raw), document, baseHash, text);
    },
  };
}
