/** The Gemini (`google-generative-ai`) adapter and the tables it is built from. */
export { GOOGLE_ERROR_RULES } from "./errors.js";
export { toGeminiContents } from "./messages.js";
export {
  buildGeminiRequest,
  GEMINI_THINKING_BUDGETS,
  GEMINI_THINKING_LEVELS,
  thinkingConfigFor,
} from "./request.js";
export { toGeminiSchema } from "./schema.js";
export { streamGoogle } from "./stream.js";
