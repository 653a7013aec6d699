/**
 * The shape of `claw security audit`: what each check reads (`AuditInput`) and what it reports
 * (`AuditFinding`). Checks are plain functions over the input, so each is tested by a table.
 */
import type { ClawConfig, ConfigPaths } from "@claw/config";

/** `critical`: someone else can reach or read something now. `warn`: weaker than it should be. `info`: how it is set. */
export const SEVERITIES = ["critical", "warn", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface AuditFinding {
  /** Stable id of the rule, e.g. `gateway.bind`, `channels.dm-open` (docs/cli.md lists them). */
  id: string;
  severity: Severity;
  /** What is exposed, to whom. */
  title: string;
  /** Exactly how to close it: the config key to set or the command to run. */
  fix: string;
  /** A safe automatic repair (`chmod`), run by `--fix`. */
  repair?: () => void;
}

export interface AuditInput {
  config: ClawConfig;
  /** claw.json as written (includes expanded, `${ENV}` not substituted); undefined when absent. */
  document: unknown;
  paths: ConfigPaths;
  homeDir: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Sender ids approved by DM pairing, per channel (from state.db). */
  pairedSenders: Readonly<Record<string, readonly string[]>>;
  /** The bubblewrap binary to probe (`bwrap` on PATH unless a test says otherwise). */
  bwrapPath: string;
  /** The user running the audit (files owned by someone else are reported). */
  uid: number | undefined;
}

export type AuditCheck = (input: AuditInput) => AuditFinding[] | Promise<AuditFinding[]>;

/** Orders findings critical → warn → info, keeping each check's order within a severity. */
export function bySeverity(findings: readonly AuditFinding[]): AuditFinding[] {
  return SEVERITIES.flatMap((severity) => findings.filter((f) => f.severity === severity));
}
