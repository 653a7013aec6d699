import { createRequire } from "node:module";
import type { TSchema } from "typebox";
import type { Compile as CompileFunction, Validator } from "typebox/compile";
import { EventFrame, type GatewayFrame, RequestFrame, ResponseFrame } from "./frames.js";
import { ConnectParams } from "./handshake.js";
import { METHODS, type MethodName, type MethodParams } from "./table.js";

/** A validation outcome: ok, or the first problem in words naming the field. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; path: string };

const cache = new WeakMap<TSchema, Validator>();

// typebox/compile is ~300 modules (~50 ms, ~7 MB): loaded by the first check, not at import.
// A synchronous require of the ESM entry (Node >= 20.19) keeps `check` synchronous.
let compile: typeof CompileFunction | undefined;
function loadCompile(): typeof CompileFunction {
  compile ??= (createRequire(import.meta.url)("typebox/compile") as { Compile: typeof CompileFunction })
    .Compile;
  return compile;
}

/** Compiles a schema once and reuses the validator (JIT; compiled on first use). */
export function validatorFor(schema: TSchema): Validator {
  let v = cache.get(schema);
  if (!v) {
    v = loadCompile()(schema) as unknown as Validator;
    cache.set(schema, v);
  }
  return v;
}

/**
 * Validates a value against a schema and describes the first error like
 * `at /client/id: must be string`.
 *
 * @example
 * const r = check(ConnectParams, params);
 * if (!r.ok) reply(errorShape("INVALID_REQUEST", `invalid connect params: ${r.message}`));
 */
export function check<T>(schema: TSchema, value: unknown): Checked<T> {
  const v = validatorFor(schema);
  if (v.Check(value)) return { ok: true, value: value as T };
  const errors = v.Errors(value);
  const best = pickError(errors);
  const path = best?.instancePath || "/";
  return { ok: false, path, message: describe(best, path) };
}

interface ErrorLike {
  instancePath: string;
  message: string;
  keyword: string;
  params: unknown;
}

// The deepest, most specific error reads best ("at /client/id: must be string").
function pickError(errors: readonly ErrorLike[]): ErrorLike | undefined {
  const useful = errors.filter((e) => e.keyword !== "boolean");
  return [...(useful.length ? useful : errors)].sort(
    (a, b) => b.instancePath.length - a.instancePath.length,
  )[0];
}

function describe(error: ErrorLike | undefined, path: string): string {
  if (!error) return "invalid value";
  const params = error.params as Record<string, unknown> | undefined;
  if (error.keyword === "additionalProperties" && Array.isArray(params?.additionalProperties)) {
    return `at ${path}: unexpected property ${params.additionalProperties.map((p) => `"${p}"`).join(", ")}`;
  }
  if (error.keyword === "required" && Array.isArray(params?.requiredProperties)) {
    return `at ${path}: missing required property ${params.requiredProperties.map((p) => `"${p}"`).join(", ")}`;
  }
  return `at ${path}: ${error.message}`;
}

const FRAME_BY_TYPE = { req: RequestFrame, res: ResponseFrame, event: EventFrame } as const;

/** Validates any frame, dispatching on `type` so the message names the real problem. */
export function checkFrame(value: unknown): Checked<GatewayFrame> {
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, path: "/", message: "at /: frame must be a JSON object" };
  }
  if (type !== "req" && type !== "res" && type !== "event") {
    return { ok: false, path: "/type", message: 'at /type: must be one of "req", "res", "event"' };
  }
  return check<GatewayFrame>(FRAME_BY_TYPE[type], value);
}
/** Validates a request frame. */
export const checkRequest = (value: unknown) => check<RequestFrame>(RequestFrame, value);
/** Validates `connect` params. */
export const checkConnectParams = (value: unknown) => check<ConnectParams>(ConnectParams, value);
/** Validates the params of a known method (a missing `params` counts as `{}`). */
export function checkMethodParams<M extends MethodName>(
  method: M,
  params: unknown,
): Checked<MethodParams<M>> {
  return check<MethodParams<M>>(METHODS[method].params, params ?? {});
}

/**
 * Compiles the frame validators now (call it when first-request latency matters more than idle
 * memory: it loads typebox/compile, otherwise loaded by the first frame).
 */
export function warmValidators(): void {
  validatorFor(RequestFrame);
  validatorFor(ConnectParams);
}
