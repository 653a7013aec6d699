/** Keys and tokens written literally in claw.json instead of `${ENV}` references or auth profiles. */

import { PROVIDER_ENV_KEYS } from "@claw/app-gateway/paths";
import { isEnvReference } from "@claw/config";
import type { AuditCheck, AuditFinding } from "../finding.js";

type Doc = Readonly<Record<string, unknown>>;
const isDoc = (value: unknown): value is Doc =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const entries = (value: unknown): [string, Doc][] =>
  isDoc(value) ? Object.entries(value).filter((e): e is [string, Doc] => isDoc(e[1])) : [];

/** Secret fields of a channel or channel account. */
const CHANNEL_SECRET_KEYS = ["botToken", "token", "appToken", "signingSecret", "webhookSecret"] as const;

/** A secret found in the document: where, the variable to use instead, and what it is. */
interface LiteralSecret {
  path: string;
  variable: string;
  what: string;
  provider?: string;
}

const envName = (...parts: string[]) =>
  parts
    .join("_")
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toUpperCase();

const isLiteral = (value: unknown): value is string =>
  typeof value === "string" && value.trim() !== "" && !isEnvReference(value.trim()) && !value.includes("${");

/** Every literal secret in a claw.json document (as written, `$include`s expanded). */
export function literalSecrets(document: unknown): LiteralSecret[] {
  if (!isDoc(document)) return [];
  const found: LiteralSecret[] = [];
  const providerVar = (provider: string) => PROVIDER_ENV_KEYS[provider]?.[0] ?? envName(provider, "API_KEY");
  for (const [provider, settings] of entries((document.models as Doc | undefined)?.providers))
    if (isLiteral(settings.apiKey))
      found.push({
        path: `models.providers.${provider}.apiKey`,
        variable: providerVar(provider),
        what: `the ${provider} API key`,
        provider,
      });
  for (const [id, profile] of entries((document.auth as Doc | undefined)?.profiles)) {
    const provider = typeof profile.provider === "string" ? profile.provider : id;
    if (isLiteral(profile.apiKey))
      found.push({
        path: `auth.profiles.${id}.apiKey`,
        variable: providerVar(provider),
        what: `the ${provider} API key`,
        provider,
      });
  }
  for (const [channel, settings] of entries(document.channels)) {
    const scopes: [string, Doc][] = [[`channels.${channel}`, settings]];
    for (const [account, own] of entries(settings.accounts))
      scopes.push([`channels.${channel}.accounts.${account}`, own]);
    for (const [path, scope] of scopes)
      for (const key of CHANNEL_SECRET_KEYS)
        if (isLiteral(scope[key]))
          found.push({
            path: `${path}.${key}`,
            variable: envName(channel, key),
            what: `the ${channel} ${key}`,
          });
  }
  const gateway = isDoc(document.gateway) ? document.gateway : {};
  const auth = isDoc(gateway.auth) ? gateway.auth : {};
  if (isLiteral(auth.token))
    found.push({ path: "gateway.auth.token", variable: "CLAW_GATEWAY_TOKEN", what: "the gateway token" });
  if (isLiteral(auth.password))
    found.push({
      path: "gateway.auth.password",
      variable: "CLAW_GATEWAY_PASSWORD",
      what: "the gateway password",
    });
  return found;
}

export const secretFindings: AuditCheck = ({ document }) =>
  literalSecrets(document).map(
    (secret): AuditFinding => ({
      id: secret.provider ? "secrets.provider-key-literal" : "secrets.literal",
      severity: "warn",
      title: `${secret.what} is written literally in claw.json at ${secret.path}: every copy, backup or paste of the config carries it`,
      fix: secret.provider
        ? `set ${secret.path} to "\${${secret.variable}}" and export ${secret.variable}, or move it to auth-profiles.json (0600): \`claw onboard --provider ${secret.provider} --api-key-env ${secret.variable}\` and remove ${secret.path}`
        : `set ${secret.path} to "\${${secret.variable}}" and export ${secret.variable} before starting the gateway`,
    }),
  );
