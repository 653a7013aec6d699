/**
 * An exhaustive checker for the JSON Schema subset the config schema uses. Unlike a fail-fast
 * validator it reports every problem, and for each one the JSON path, the value and a hint
 * (closest known key, allowed values, expected type).
 */
import { closestMatch, didYouMean } from "./closest.js";
import { type ConfigIssue, formatPath } from "./issue.js";

type Path = (string | number)[];
type Schema = Record<string, unknown>;

function asSchema(value: unknown): Schema | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Schema) : undefined;
}

function typeOfValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function matchesType(expected: string, value: unknown): boolean {
  const actual = typeOfValue(value);
  return expected === actual || (expected === "number" && actual === "integer");
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** Lists the allowed values when every branch of a union is a constant (an enum in disguise). */
function constantsOf(schema: Schema): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ("const" in schema) return [schema.const];
  if (!Array.isArray(schema.anyOf)) return undefined;
  const values: unknown[] = [];
  for (const branch of schema.anyOf) {
    const constants = constantsOf(asSchema(branch) ?? {});
    if (!constants) return undefined;
    values.push(...constants);
  }
  return values;
}

function expectedTypes(schema: Schema): string[] {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.anyOf)) return schema.anyOf.flatMap((b) => expectedTypes(asSchema(b) ?? {}));
  return [];
}

export interface CheckContext {
  issues: ConfigIssue[];
  /** Where else in the schema a key name is defined, for "belongs at" hints. */
  keyIndex: ReadonlyMap<string, string[]>;
}

/** Checks `value` against `schema` and appends every problem to `context.issues`. */
export function checkAgainstSchema(schema: Schema, value: unknown, path: Path, context: CheckContext): void {
  const issue = (message: string, hint?: string) =>
    context.issues.push({ path: formatPath(path), message, value, ...(hint ? { hint } : {}) });

  const constants = constantsOf(schema);
  if (constants) {
    if (constants.some((c) => c === value)) return;
    const list = constants.map((c) => JSON.stringify(c)).join(", ");
    const near = typeof value === "string" ? didYouMean(value, constants.map(String)) : undefined;
    issue(`is not one of ${list}`, near);
    return;
  }

  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf.map((b) => asSchema(b) ?? {});
    const attempts = branches.map((branch) => {
      const trial: CheckContext = { issues: [], keyIndex: context.keyIndex };
      checkAgainstSchema(branch, value, path, trial);
      return trial.issues;
    });
    if (attempts.some((a) => a.length === 0)) return;
    // Report against the branch of the value's own type (an object → the object branch).
    const sameType = branches.findIndex((b) => expectedTypes(b).some((t) => matchesType(t, value)));
    if (sameType >= 0) {
      context.issues.push(...(attempts[sameType] ?? []));
      return;
    }
    const types = [...new Set(branches.flatMap(expectedTypes))];
    issue(`must be ${types.map(article).join(" or ")}, not ${article(typeOfValue(value))}`);
    return;
  }

  if (typeof schema.type === "string" && !matchesType(schema.type, value)) {
    issue(`must be ${article(schema.type)}, not ${article(typeOfValue(value))}`);
    return;
  }

  if (typeof value === "string") checkString(schema, value, issue);
  else if (typeof value === "number") checkNumber(schema, value, issue);
  else if (Array.isArray(value)) checkArray(schema, value, path, context, issue);
  else if (typeof value === "object" && value !== null) checkObject(schema, value as Schema, path, context);
}

type Report = (message: string, hint?: string) => void;

function checkString(schema: Schema, value: string, issue: Report): void {
  if (typeof schema.minLength === "number" && value.length < schema.minLength)
    issue(schema.minLength === 1 ? "must not be empty" : `must be at least ${schema.minLength} characters`);
  if (typeof schema.pattern === "string" && !new RegExp(schema.pattern, "u").test(value)) {
    const hint =
      typeof schema["x-hint"] === "string" ? schema["x-hint"] : `match the pattern ${schema.pattern}`;
    issue("has the wrong format", hint);
  }
}

function checkNumber(schema: Schema, value: number, issue: Report): void {
  if (typeof schema.minimum === "number" && value < schema.minimum)
    issue(`must be at least ${schema.minimum}`);
  if (typeof schema.maximum === "number" && value > schema.maximum)
    issue(`must be at most ${schema.maximum}`);
}

function checkArray(
  schema: Schema,
  value: unknown[],
  path: Path,
  context: CheckContext,
  issue: Report,
): void {
  if (typeof schema.minItems === "number" && value.length < schema.minItems)
    issue(`must have at least ${schema.minItems} item${schema.minItems === 1 ? "" : "s"}`);
  const items = asSchema(schema.items);
  if (items)
    value.forEach((item, index) => {
      checkAgainstSchema(items, item, [...path, index], context);
    });
}

function checkObject(schema: Schema, value: Schema, path: Path, context: CheckContext): void {
  const properties = asSchema(schema.properties) ?? {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  for (const key of required) {
    if (value[key] === undefined && !("default" in (asSchema(properties[key]) ?? {})))
      context.issues.push({ path: formatPath([...path, key]), message: "is required" });
  }
  const patterns = Object.entries(asSchema(schema.patternProperties) ?? {});
  for (const [key, child] of Object.entries(value)) {
    const propertySchema = asSchema(properties[key]);
    if (propertySchema) {
      if (child !== undefined) checkAgainstSchema(propertySchema, child, [...path, key], context);
      continue;
    }
    const pattern = patterns.find(([p]) => new RegExp(p, "u").test(key));
    if (pattern) {
      checkAgainstSchema(asSchema(pattern[1]) ?? {}, child, [...path, key], context);
      continue;
    }
    if (schema.additionalProperties === false) {
      context.issues.push({
        path: formatPath([...path, key]),
        message: "is not a known key",
        hint: unknownKeyHint(key, Object.keys(properties), path, context.keyIndex),
      });
    }
  }
}

function unknownKeyHint(
  key: string,
  siblings: string[],
  path: Path,
  keyIndex: ReadonlyMap<string, string[]>,
) {
  if (path.length === 0 && key === "agent")
    return 'this is the legacy form of "agents.defaults"; move its keys there';
  const near = didYouMean(key, siblings);
  if (near) return near;
  const elsewhere = keyIndex.get(key) ?? keyIndex.get(closestMatch(key, keyIndex.keys()) ?? "");
  if (elsewhere && elsewhere.length > 0) return `known at ${elsewhere.slice(0, 3).join(", ")}`;
  return siblings.length > 0 ? `known keys here: ${siblings.slice(0, 12).join(", ")}` : "remove it";
}

/** Maps every property name in the schema to the paths where it is defined (`agents.defaults.workspace`). */
export function buildKeyIndex(schema: Schema): Map<string, string[]> {
  const index = new Map<string, string[]>();
  const visit = (node: Schema, path: string, depth: number) => {
    if (depth > 8) return;
    for (const branch of Array.isArray(node.anyOf) ? node.anyOf : [])
      visit(asSchema(branch) ?? {}, path, depth + 1);
    const items = asSchema(node.items);
    if (items) visit(items, `${path}[]`, depth + 1);
    for (const [, child] of Object.entries(asSchema(node.patternProperties) ?? {}))
      visit(asSchema(child) ?? {}, `${path}.<id>`, depth + 1);
    for (const [key, child] of Object.entries(asSchema(node.properties) ?? {})) {
      const full = path ? `${path}.${key}` : key;
      index.set(key, [...(index.get(key) ?? []), full]);
      visit(asSchema(child) ?? {}, full, depth + 1);
    }
  };
  visit(schema, "", 0);
  return index;
}
