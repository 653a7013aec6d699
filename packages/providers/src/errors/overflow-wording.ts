/**
 * How servers say "the prompt does not fit", in one pattern: OpenAI and compatible servers
 * (vLLM, llama.cpp, LM Studio, Mistral, OpenRouter), Anthropic, Gemini and Vertex, Bedrock's
 * `ValidationException … input is too long`, and gateways that answer in Chinese.
 */
const WORDINGS = [
  "prompt is too long",
  "maximum context length",
  "context[_ ](?:length|window)[_ ]exceeded",
  "(?:exceed|exceeds|exceeded|exceeding|over|beyond)\\b.{0,40}\\bcontext (?:window|length|limit|size)",
  "context size has been exceeded",
  "input token count .{0,40}exceeds the maximum",
  "exceeds the maximum number of tokens",
  "greater than the context length",
  "reduce the length of the messages",
  "too many tokens",
  "too many input tokens",
  "input (?:is )?too long",
  "input length exceeds",
  "request_too_large",
  "request (?:is )?too large",
  "request entity too large",
  // Chinese gateways: 上下文长度超过 / 超出最大长度 / 输入过长 …
  "上下文(?:长度)?(?:超过|超出|过长)",
  "超(?:出|过)了?最大(?:长度|上下文|token)",
  "输入(?:内容)?过长",
  "请求过长",
];

/** Wording of a context overflow, matched case-insensitively against the error message. */
export const CONTEXT_OVERFLOW_PATTERN = new RegExp(WORDINGS.join("|"), "i");
