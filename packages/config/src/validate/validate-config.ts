/**
 * `validateConfig`: structure (every problem, with path, value and hint), then cross-field rules.
 * Defaults are applied to a copy first, so a key with a default is never "required".
 */
import { type ClawConfig, ClawConfigSchema } from "../schema/config.js";
import { applyDefaults } from "./apply-defaults.js";
import { checkModelRefs, type ModelKnowledge } from "./check-models.js";
import { checkOwners } from "./check-owners.js";
import { checkAgents, checkAuth, checkBindings, checkGateway } from "./check-references.js";
import { buildKeyIndex, checkAgainstSchema } from "./check-schema.js";
import type { ConfigIssue } from "./issue.js";

/** `knownModels` (the catalog) and `openProviders` (any id accepted) turn on model checks. */
export interface ValidateOptions extends ModelKnowledge {}

export type ValidationResult = { ok: true; config: ClawConfig } | { ok: false; issues: ConfigIssue[] };

let keyIndex: Map<string, string[]> | undefined;

/**
 * Validates a parsed config document and returns it with defaults applied, or every problem.
 *
 * @example
 * const result = validateConfig({ gateway: { port: 8080 } });
 * if (result.ok) console.log(result.config.gateway.bind); // "loopback"
 * else for (const issue of result.issues) console.error(formatConfigIssue(issue));
 */
export function validateConfig(document: unknown, options: ValidateOptions = {}): ValidationResult {
  if (typeof document !== "object" || document === null || Array.isArray(document))
    return {
      ok: false,
      issues: [
        { path: "", value: document, message: "must be an object", hint: "the file should contain { ... }" },
      ],
    };
  const schema = ClawConfigSchema as unknown as Record<string, unknown>;
  const withDefaults = applyDefaults(schema, structuredClone(document));
  keyIndex ??= buildKeyIndex(schema);
  const issues: ConfigIssue[] = [];
  checkAgainstSchema(schema, withDefaults, [], {
    issues,
    keyIndex,
  });
  if (issues.length > 0) return { ok: false, issues };
  const config = withDefaults as ClawConfig;
  issues.push(
    ...checkAgents(config),
    ...checkBindings(config),
    ...checkAuth(config),
    ...checkGateway(config),
    ...checkOwners(config),
    ...checkModelRefs(config, options),
  );
  return issues.length > 0 ? { ok: false, issues } : { ok: true, config };
}

/** The config used when no file exists: every default, nothing else. */
export function defaultConfig(): ClawConfig {
  const result = validateConfig({});
  if (!result.ok) throw new Error("the built-in defaults do not validate (a bug in @claw/config)");
  return result.config;
}
