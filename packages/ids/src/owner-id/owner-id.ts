/**
 * Owner and approver ids (`agents.*.identity.ownerNumbers`, `channels.<ch>.execApprovals.approvers`):
 * one entry names one person on one platform, in the form that platform's sender ids take. An
 * E.164 number (`+15551234567`) matches a sender whose id is that number on any channel (phone
 * channels); `telegram:<numeric user id>`, `discord:<user id>` and `slack:<user id>` match only
 * on their channel. Usernames and display names are refused: they change hands.
 */

/** One parsed entry: `channel` undefined for an E.164 number (any channel). */
export interface OwnerId {
  channel?: "telegram" | "discord" | "slack";
  id: string;
  /** The entry as written, for explanations. */
  entry: string;
}

/** The accepted forms, one line each; errors and docs quote this table. */
export const OWNER_ID_FORMS = [
  { form: "+<E.164 number>", example: "+15551234567", pattern: /^\+[1-9]\d{1,14}$/ },
  { form: "telegram:<numeric user id>", example: "telegram:42", pattern: /^telegram:\d+$/ },
  { form: "discord:<user id>", example: "discord:80351110224678912", pattern: /^discord:\d+$/ },
  { form: "slack:<user id>", example: "slack:U0123ABCD", pattern: /^slack:[UW][A-Z0-9]+$/ },
] as const;

const FORMS_TEXT = OWNER_ID_FORMS.map((f) => f.form).join(", ");

/** Why an entry is not an owner id: the entry, what is wrong and the accepted forms. */
export function ownerIdProblem(entry: string): string | undefined {
  const parsed = parseOwnerId(entry);
  return parsed.ok ? undefined : parsed.problem;
}

/**
 * @example
 * parseOwnerId("telegram:42");   // { ok: true, owner: { channel: "telegram", id: "42", entry: "telegram:42" } }
 * parseOwnerId("+15551234567");  // { ok: true, owner: { id: "+15551234567", … } }
 * parseOwnerId("@alice");        // { ok: false, problem: '"@alice" is not an owner id: usernames change hands …' }
 */
export function parseOwnerId(entry: string): { ok: true; owner: OwnerId } | { ok: false; problem: string } {
  const trimmed = entry.trim();
  const colon = trimmed.indexOf(":");
  const prefix = colon >= 0 ? trimmed.slice(0, colon).toLowerCase() : "";
  const rest = colon >= 0 ? trimmed.slice(colon + 1).trim() : trimmed;
  // Slack user ids are upper case; people paste them from URLs in either case.
  const normalized = colon >= 0 ? `${prefix}:${prefix === "slack" ? rest.toUpperCase() : rest}` : trimmed;
  const form = OWNER_ID_FORMS.find((f) => f.pattern.test(normalized));
  if (form) {
    const owner: OwnerId =
      colon >= 0
        ? { channel: prefix as NonNullable<OwnerId["channel"]>, id: normalized.slice(colon + 1), entry }
        : { id: normalized, entry };
    return { ok: true, owner };
  }
  const why =
    trimmed === ""
      ? "it is empty"
      : /^@|:@/.test(trimmed)
        ? "usernames change hands; use the numeric or platform user id"
        : colon >= 0 && !["telegram", "discord", "slack"].includes(prefix)
          ? `"${prefix}" is not a channel with owner ids`
          : colon < 0 && /^\d+$/.test(trimmed)
            ? "a bare number is ambiguous; prefix the channel (telegram:<id>) or write an E.164 number with +"
            : "it matches none of the forms";
  return {
    ok: false,
    problem: `${JSON.stringify(entry)} is not an owner id: ${why} (accepted forms: ${FORMS_TEXT})`,
  };
}

/**
 * The first entry naming `sender` on `channel`, or undefined. Entries that do not parse match
 * nothing (config validation reports them).
 *
 * @example
 * matchOwnerId(["+15551234567", "telegram:42"], "telegram", "42"); // { index: 1, owner: { channel: "telegram", id: "42", … } }
 * matchOwnerId(["telegram:42"], "discord", "42");                   // undefined
 */
export function matchOwnerId(
  entries: readonly string[] | undefined,
  channel: string,
  senderId: string,
): { index: number; owner: OwnerId } | undefined {
  const ch = channel.trim().toLowerCase();
  const sender = senderId.trim();
  for (const [index, entry] of (entries ?? []).entries()) {
    const parsed = parseOwnerId(entry);
    if (!parsed.ok) continue;
    const { owner } = parsed;
    if (owner.channel === undefined ? owner.id === sender : owner.channel === ch && owner.id === sender)
      return { index, owner };
  }
  return undefined;
}

/**
 * The platform ids of the owners on `channel` (for posting to an owner's DM there), in order.
 *
 * @example
 * ownerIdsOn(["telegram:42", "slack:U7", "telegram:43"], "telegram"); // ["42", "43"]
 */
export function ownerIdsOn(entries: readonly string[] | undefined, channel: string): string[] {
  const ch = channel.trim().toLowerCase();
  return (entries ?? []).flatMap((entry) => {
    const parsed = parseOwnerId(entry);
    return parsed.ok && parsed.owner.channel === ch ? [parsed.owner.id] : [];
  });
}
