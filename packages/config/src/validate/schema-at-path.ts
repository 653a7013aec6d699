/** Looks up the schema node for a config path, for `claw config get|set` to reject unknown keys early. */
import { ClawConfigSchema } from "../schema/config.js";
import type { PathSegment } from "../write/config-path-access.js";
import { didYouMean } from "./closest.js";
import { formatPath } from "./issue.js";

type Schema = Record<string, unknown>;

export type SchemaLookup =
  | { ok: true; schema: Schema }
  | { ok: false; path: string; message: string; hint: string | undefined };

function branches(node: Schema): Schema[] {
  return Array.isArray(node.anyOf) ? (node.anyOf as Schema[]).flatMap(branches) : [node];
}

/**
 * The schema node at `segments`, or why there is none (with the nearest known key).
 *
 * @example
 * schemaAtPath(["gateway", "prot"]); // → { ok: false, path: "gateway.prot", message: "is not a known key", hint: 'did you mean "port"?' }
 */
export function schemaAtPath(segments: readonly PathSegment[]): SchemaLookup {
  let nodes: Schema[] = [ClawConfigSchema as unknown as Schema];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as PathSegment;
    const next: Schema[] = [];
    const known: string[] = [];
    for (const node of nodes.flatMap(branches)) {
      if (typeof segment === "number") {
        if (node.items) next.push(node.items as Schema);
        continue;
      }
      const properties = (node.properties ?? {}) as Record<string, Schema>;
      known.push(...Object.keys(properties));
      const child = properties[segment];
      if (child) next.push(child);
      else
        for (const [pattern, value] of Object.entries(
          (node.patternProperties ?? {}) as Record<string, Schema>,
        ))
          if (new RegExp(pattern, "u").test(segment)) next.push(value);
    }
    if (next.length === 0) {
      const path = formatPath(segments.slice(0, i + 1));
      if (typeof segment === "number") return { ok: false, path, message: "is not a list", hint: undefined };
      return { ok: false, path, message: "is not a known key", hint: didYouMean(segment, known) };
    }
    nodes = next;
  }
  return { ok: true, schema: nodes[0] as Schema };
}
