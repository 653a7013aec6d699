/** Secrets never reach a terminal or a log: redact before printing any config. */
import { isEnvReference } from "../load/env-substitution.js";

export const REDACTED = "__REDACTED__";

const SENSITIVE_NAME =
  /^(api[-_]?key|token|password|passphrase|secret|private[-_]?key|authorization|cookie|credentials?)$/i;
const SENSITIVE_CAMEL_SUFFIX = /[a-z0-9](Token|Password|Passphrase|Secret|ApiKey|PrivateKey)$/;
const SENSITIVE_SNAKE_SUFFIX = /[-_](token|password|secret|api[-_]?key)$/i;

/** True for keys whose values are credentials (`apiKey`, `botToken`, `signingSecret`, `password`, …). */
export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_NAME.test(key) || SENSITIVE_CAMEL_SUFFIX.test(key) || SENSITIVE_SNAKE_SUFFIX.test(key);
}

/**
 * A deep copy with every credential value replaced by `"__REDACTED__"`. A value that is only an
 * environment reference (`"${OPENAI_API_KEY}"`) is kept: it names the secret, it is not the secret.
 *
 * @example
 * redactConfig({ gateway: { auth: { token: "abc" } } }); // → { gateway: { auth: { token: "__REDACTED__" } } }
 */
export function redactConfig<T>(value: T): T {
  const visit = (node: unknown, key: string | undefined): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, key));
    if (typeof node === "object" && node !== null)
      return Object.fromEntries(Object.entries(node).map(([k, child]) => [k, visit(child, k)]));
    if (
      key !== undefined &&
      isSensitiveKey(key) &&
      typeof node === "string" &&
      node !== "" &&
      !isEnvReference(node)
    )
      return REDACTED;
    return node;
  };
  return visit(value, undefined) as T;
}
