import { oneLine } from "../text.js";
import type { Skill, SkillInstallHint, SkillRequirements } from "./types.js";

export type SkillFields = Omit<Skill, "location" | "baseDir" | "source" | "chars">;
export type FieldsResult = { ok: true; fields: SkillFields } | { ok: false; line: number; message: string };

/** Letters, digits, `.`, `_`, `-`; starts with a letter or digit; at most 64 characters. */
const NAME = /^[\p{L}\p{N}][\p{L}\p{N}._-]{0,63}$/u;
const MAX_DESCRIPTION = 1024;

class FieldError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function stringList(v: unknown, key: string): string[] {
  if (v === undefined || v === null) return [];
  if (typeof v === "string") return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v;
  throw new FieldError("metadata", `${key} must be a string or a list of strings`);
}

function optionalString(v: unknown, key: string, top = "metadata"): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw new FieldError(top, `${key} must be a string`);
  return v;
}

/** `metadata` may be a mapping or a JSON string; our keys live under `claw` (or `openclaw`, for shared skills). */
function metadataOf(data: Record<string, unknown>): Record<string, unknown> {
  let raw = data.metadata;
  if (raw === undefined || raw === null) return {};
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw new FieldError("metadata", "metadata is a string but not valid JSON");
    }
  }
  if (!isRecord(raw)) throw new FieldError("metadata", "metadata must be a mapping");
  const scoped = raw.claw ?? raw.openclaw;
  if (scoped === undefined) return raw;
  if (!isRecord(scoped)) throw new FieldError("metadata", "metadata.claw must be a mapping");
  return scoped;
}

function installHints(v: unknown): SkillInstallHint[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new FieldError("metadata", "install must be a list");
  return v.map((hint, i) => {
    if (!isRecord(hint) || typeof hint.kind !== "string")
      throw new FieldError("metadata", `install[${i}] must be a mapping with a "kind"`);
    const out: SkillInstallHint = { kind: hint.kind };
    for (const key of ["id", "label", "formula", "package"] as const) {
      const value = optionalString(hint[key], `install[${i}].${key}`);
      if (value !== undefined) out[key] = value;
    }
    if (hint.bins !== undefined) out.bins = stringList(hint.bins, `install[${i}].bins`);
    return out;
  });
}

function requirements(v: unknown): SkillRequirements {
  if (v === undefined || v === null) return { bins: [], anyBins: [], env: [], config: [] };
  if (!isRecord(v)) throw new FieldError("metadata", "requires must be a mapping");
  return {
    bins: stringList(v.bins, "requires.bins"),
    anyBins: stringList(v.anyBins, "requires.anyBins"),
    env: stringList(v.env, "requires.env"),
    config: stringList(v.config, "requires.config"),
  };
}

function resolve(data: Record<string, unknown>, folderName: string): SkillFields {
  const name = optionalString(data.name, "name", "name") ?? folderName;
  if (!NAME.test(name))
    throw new FieldError(
      "name",
      `invalid skill name ${JSON.stringify(name)}: use letters, digits, ".", "_" or "-" (at most 64)`,
    );
  const rawDescription = optionalString(data.description, "description", "description");
  const description = oneLine(rawDescription ?? "");
  if (!description)
    throw new FieldError("description", "description is required (one line saying when to use the skill)");
  const disable = data["disable-model-invocation"] ?? false;
  if (typeof disable !== "boolean")
    throw new FieldError("disable-model-invocation", "disable-model-invocation must be true or false");
  const meta = metadataOf(data);
  const always = meta.always ?? false;
  if (typeof always !== "boolean") throw new FieldError("metadata", "always must be true or false");
  const fields: SkillFields = {
    name,
    description:
      description.length > MAX_DESCRIPTION ? `${description.slice(0, MAX_DESCRIPTION - 1)}…` : description,
    os: stringList(meta.os, "os"),
    always,
    requires: requirements(meta.requires),
    install: installHints(meta.install),
    disableModelInvocation: disable,
  };
  const emoji = optionalString(meta.emoji, "emoji");
  if (emoji) fields.emoji = oneLine(emoji);
  const primaryEnv = optionalString(meta.primaryEnv, "primaryEnv");
  if (primaryEnv) fields.primaryEnv = primaryEnv;
  return fields;
}

/** Validates parsed frontmatter into skill fields; a failure names the offending key's line. */
export function resolveSkillFields(
  data: Record<string, unknown>,
  lineOf: (key: string) => number,
  folderName: string,
): FieldsResult {
  try {
    return { ok: true, fields: resolve(data, folderName) };
  } catch (error) {
    if (error instanceof FieldError) return { ok: false, line: lineOf(error.key), message: error.message };
    throw error;
  }
}
