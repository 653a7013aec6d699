/** The native Ollama (`ollama-chat`) adapter and the tables it is built from. */
export { OLLAMA_ERROR_RULES, OLLAMA_TRUNCATED_CODE } from "./errors.js";
export { buildOllamaRequest, OLLAMA_THINK_LEVELS, thinkFor } from "./request.js";
export { streamOllama } from "./stream.js";
export { estimatePromptTokens, promptClearlyExceedsWindow, TRUNCATION_HEURISTIC } from "./truncation.js";
