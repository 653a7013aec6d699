/** Reads what the audit looks at: the config (as loaded and as written), the state dir, pairing. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type ClawConfig, ConfigError, defaultConfig, loadConfig, loadWithIncludes } from "@claw/config";
import type { CommandContext } from "../../context.js";
import { configPathsFor } from "../config/load.js";
import type { AuditInput } from "./finding.js";

/** Sender ids approved by DM pairing, per channel; none when state.db or its table is absent. */
export async function readPairedSenders(stateDir: string): Promise<Record<string, string[]>> {
  const path = join(stateDir, "state.db");
  if (!existsSync(path)) return {};
  const { openSqliteDatabase } = await import("@claw/sqlite");
  try {
    // Read-only, so a running gateway is never disturbed; the table is @claw/channels' pairing store.
    const db = openSqliteDatabase(path, { readonly: true, fileMustExist: true });
    try {
      db.pragma("busy_timeout = 2000");
      const rows = db.prepare("SELECT channel, sender_id FROM channel_allowed_senders").all() as {
        channel: string;
        sender_id: string;
      }[];
      const out: Record<string, string[]> = {};
      for (const row of rows) out[row.channel] = [...(out[row.channel] ?? []), row.sender_id];
      return out;
    } finally {
      db.close();
    }
  } catch {
    return {};
  }
}

/**
 * The audit's input for this command line, and the config error when claw.json does not load
 * (the audit then reports it and checks files against the default config).
 */
export async function gatherAuditInput(
  context: CommandContext,
  bwrapPath = "bwrap",
): Promise<{ input: AuditInput; configError?: string }> {
  const paths = configPathsFor(context);
  let config: ClawConfig;
  let configError: string | undefined;
  try {
    config = loadConfig({
      env: context.io.env,
      homeDir: context.io.homeDir,
      ...(context.profile ? { profile: context.profile } : {}),
    }).config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    config = defaultConfig();
    configError = error.message;
  }
  let document: unknown;
  try {
    document = existsSync(paths.configPath) ? loadWithIncludes(paths.configPath) : undefined;
  } catch {
    document = undefined;
  }
  const input: AuditInput = {
    config,
    document,
    paths,
    homeDir: context.io.homeDir,
    env: context.io.env,
    pairedSenders: await readPairedSenders(paths.stateDir),
    bwrapPath,
    uid: process.getuid?.(),
  };
  return configError === undefined ? { input } : { input, configError };
}
