/**
 * `config.get|patch|apply` for the gateway: redacted reads, validated writes (atomic, `.bak`
 * kept), an optimistic-concurrency hash, and an honest report of what needs a restart.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import {
  type ClawConfig,
  ConfigError,
  deepMerge,
  parseJson5,
  redactConfig,
  validateConfig,
  writeConfigFile,
} from "@claw/config";
import { RuntimeError } from "@claw/gateway";
import type { ConfigWriteResult } from "@claw/protocol";
import { modelKnowledge } from "../assemble/models.js";

/** Paths whose change takes effect without a restart (read on every run). */
const HOT_PATHS = [/^logging(\.|$)/];

export interface ConfigAccess {
  get(): Promise<{ config: unknown; hash: string; path?: string }>;
  patch(raw: string, baseHash?: string): Promise<ConfigWriteResult>;
  apply(raw: string, baseHash?: string): Promise<ConfigWriteResult>;
}

export function createConfigAccess(configPath: string, running: ClawConfig): ConfigAccess {
  const readDocument = (): { document: Record<string, unknown>; text: string } => {
    if (!existsSync(configPath)) return { document: {}, text: "" };
    const text = readFileSync(configPath, "utf8");
    return { document: parseJson5(text, configPath) as Record<string, unknown>, text };
  };
  const hashOf = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

  const write = (
    next: Record<string, unknown>,
    before: Record<string, unknown>,
    baseHash: string | undefined,
    text: string,
  ): ConfigWriteResult => {
    if (baseHash !== undefined && baseHash !== hashOf(text)) {
      throw new RuntimeError(
        "CONFLICT",
        "The config changed since you read it (hash mismatch). Read it again with config.get and retry.",
      );
    }
    const result = validateConfig(next, modelKnowledge());
    if (!result.ok) {
      const error = new ConfigError(result.issues, configPath);
      throw new RuntimeError("INVALID", error.message, {
        issues: result.issues.map((i) => ({ path: i.path, message: i.message, hint: i.hint })),
      });
    }
    writeConfigFile(configPath, next);
    const changedPaths = diffPaths(before, next);
    const hotApplied = changedPaths.filter((p) => HOT_PATHS.some((r) => r.test(p)));
    return {
      ok: true,
      hash: hashOf(readFileSync(configPath, "utf8")),
      changedPaths,
      hotApplied,
      restartRequired: changedPaths.filter((p) => !hotApplied.includes(p)),
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
      return { config: redactConfig(running), hash: hashOf(text), path: configPath };
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

function diffPaths(before: unknown, after: unknown, prefix = ""): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  // A section added or removed counts as each of its leaves changing.
  const b = isObject(before) ? before : before === undefined && isObject(after) ? {} : undefined;
  const a = isObject(after) ? after : after === undefined && isObject(before) ? {} : undefined;
  if (!b || !a) return [prefix || "(root)"];
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  return [...keys].flatMap((k) => diffPaths(b[k], a[k], prefix ? `${prefix}.${k}` : k));
}
