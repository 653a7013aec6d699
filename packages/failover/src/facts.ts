/**
 * Reads plain facts (status, code, message, retry-after) out of whatever a run threw or a
 * provider stream ended with. Duck-typed, so SDK errors, fetch/undici errors, provider error
 * events and our own FailoverError all work without glue.
 */
import type { AssistantMessage, FailureReason, ProviderErrorInfo } from "@claw/providers";

export interface ErrorFacts {
  message: string;
  status?: number;
  code?: string;
  retryAfterMs?: number;
  /** The provider the failure came from, when the value says so. */
  provider?: string;
  /** A reason the producer already claimed (a provider adapter's own classification). */
  claimedReason?: FailureReason;
}

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => v !== null && typeof v === "object";
const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function fromInfo(info: ProviderErrorInfo, provider: string | undefined, aborted: boolean): ErrorFacts {
  const facts: ErrorFacts = { message: info.message, claimedReason: aborted ? "aborted" : info.reason };
  if (info.status !== undefined) facts.status = info.status;
  if (info.code !== undefined) facts.code = info.code;
  if (info.retryAfterMs !== undefined) facts.retryAfterMs = info.retryAfterMs;
  if (provider !== undefined) facts.provider = provider;
  return facts;
}

function isAssistantMessage(v: Bag): v is Bag & AssistantMessage {
  return v.role === "assistant" && typeof v.stopReason === "string";
}

function isProviderErrorInfo(v: Bag): v is Bag & ProviderErrorInfo {
  return typeof v.message === "string" && typeof v.reason === "string" && !(v instanceof Error);
}

/** Parses retry-after (seconds or HTTP date) and retry-after-ms from a Headers object or a record. */
export function retryAfterFromHeaders(headers: unknown, now: number = Date.now()): number | undefined {
  const get = (name: string): string | undefined => {
    if (!isBag(headers)) return undefined;
    if (typeof headers.get === "function") return str((headers.get as (n: string) => unknown)(name));
    return str(headers[name]) ?? str(headers[name.toLowerCase()]);
  };
  const ms = Number(get("retry-after-ms"));
  if (get("retry-after-ms") !== undefined && Number.isFinite(ms)) return Math.max(0, ms);
  const raw = get("retry-after");
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The first upper-case code along the `cause` chain (undici hides ECONNREFUSED there). */
function causeCode(value: Bag): string | undefined {
  let current: unknown = value.cause;
  for (let depth = 0; depth < 5 && isBag(current); depth++) {
    const code = str(current.code);
    if (code) return code;
    current = current.cause;
  }
  return undefined;
}

function bodyCode(body: unknown): string | undefined {
  if (!isBag(body)) return undefined;
  const inner = isBag(body.error) ? body.error : body;
  return str(inner.code) ?? str(inner.type) ?? str(inner.status);
}

function fromThrown(value: Bag): ErrorFacts {
  const response = isBag(value.response) ? value.response : undefined;
  const status =
    num(value.status) ?? num(value.statusCode) ?? num(value.status_code) ?? num(response?.status);
  let code = str(value.code) ?? bodyCode(value.error) ?? causeCode(value);
  if (code === undefined && value.name === "AbortError") code = "AbortError";
  const facts: ErrorFacts = { message: str(value.message) ?? "unknown error" };
  const cause = isBag(value.cause) ? str(value.cause.message) : undefined;
  if (cause && !facts.message.includes(cause)) facts.message = `${facts.message} (${cause})`;
  if (status !== undefined) facts.status = status;
  if (code !== undefined) facts.code = code;
  const retryAfterMs = num(value.retryAfterMs) ?? retryAfterFromHeaders(value.headers ?? response?.headers);
  if (retryAfterMs !== undefined) facts.retryAfterMs = retryAfterMs;
  const provider = str(value.provider);
  if (provider !== undefined) facts.provider = provider;
  return facts;
}

/**
 * Extracts facts from a provider stream's error event, a failed final message, a
 * `ProviderErrorInfo`, or any thrown value.
 */
export function errorFacts(value: unknown): ErrorFacts {
  if (!isBag(value)) return { message: value === undefined ? "unknown error" : String(value) };
  if (value.type === "error" && isBag(value.error) && isProviderErrorInfo(value.error)) {
    const message = isBag(value.message) ? value.message : undefined;
    return fromInfo(value.error, str(message?.provider), value.reason === "aborted");
  }
  if (isAssistantMessage(value)) {
    const info = value.error ?? {
      message: `stream ended with stopReason "${value.stopReason}"`,
      reason: "unknown",
    };
    return fromInfo(info, value.provider, value.stopReason === "aborted");
  }
  if (isProviderErrorInfo(value)) return fromInfo(value, undefined, value.reason === "aborted");
  return fromThrown(value);
}
