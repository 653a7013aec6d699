/**
 * How Ollama failures are classified. Ollama answers `{"error":"…"}` with a plain message, so
 * most rules match wording; network failures (server not running) fall to the common rules.
 */
import type { ErrorRule } from "../../errors/rules.js";

/** Code the adapter raises when the server silently dropped part of the prompt. */
export const OLLAMA_TRUNCATED_CODE = "OLLAMA_CONTEXT_TRUNCATED";

/** Ollama's rules; the common status/network rules run after these. */
export const OLLAMA_ERROR_RULES: readonly ErrorRule[] = [
  {
    reason: "context_overflow",
    codes: [OLLAMA_TRUNCATED_CODE],
    note: "Ollama truncates an oversized prompt silently; the adapter flags it from prompt_eval_count.",
  },
  {
    reason: "model_not_found",
    message:
      /model ["']?[^"']*["']? not found|not found, try pulling it first|pull model manifest|file does not exist/i,
    note: "'model \"x\" not found, try pulling it first' (404): the model is not pulled on this server.",
  },
  {
    reason: "format",
    message: /does not support (?:tools|thinking|images|vision|insert|chat|generate)/i,
    note: "'registry.ollama.ai/library/gemma3:1b does not support tools' (400): a capability the model lacks.",
  },
  {
    reason: "context_overflow",
    message: /exceeds (?:the )?(?:context|num_ctx)|input length exceeds|too many tokens/i,
    note: "Servers that refuse instead of truncating (truncate: false, newer runners).",
  },
  {
    reason: "overloaded",
    message:
      /server busy|maximum pending requests|out of memory|requires more system memory|failed to allocate|cuda error|runner process has terminated|model runner has unexpectedly stopped/i,
    note: "The local server is saturated (OLLAMA_MAX_QUEUE) or the model cannot be loaded into memory.",
  },
  {
    reason: "timeout",
    message: /unexpected EOF|Did not receive done/i,
    note: "The stream ended before `done:true` (server restarted or connection dropped).",
  },
];
