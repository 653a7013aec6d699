/** The README example, runnable: `npx tsx --conditions=@claw/source examples/basic.ts`. */
import { createAuthStore, runWithModelFallback } from "../src/index.js";

const authStore = createAuthStore({
  profiles: [
    { id: "anthropic:main", provider: "anthropic", type: "api_key", apiKey: "sk-ant-1" },
    { id: "anthropic:backup", provider: "anthropic", type: "api_key", apiKey: "sk-ant-2" },
    { id: "openai:default", provider: "openai", type: "api_key", apiKey: "sk-oa" },
  ],
  keyless: ["ollama"], // called with no credential
});

const out = await runWithModelFallback({
  candidates: { primary: "anthropic/claude-opus-4-6", fallbacks: ["openai/gpt-4o"] },
  authStore,
  sessionKey: "agent:main:main", // pins the working profile to this session
  onEvent: (e) => console.log(e.type, e),
  // Any async call works. With @claw/providers return the stream's final message as it is: a failed
  // message carries the reason the provider classified, and the loop acts on it:
  //   run: (a) => stream(model(a.ref), ctx, { apiKey: a.apiKey, signal: a.signal }).result()
  run: async (a) => {
    if (a.provider === "anthropic") throw Object.assign(new Error("Rate limit exceeded"), { status: 429 });
    return `hello from ${a.ref} using ${a.profile?.id}`;
  },
});
// Never throws for a provider failure: `ok: false` carries the reason and one error that lists every attempt.
if (out.ok)
  console.log(out.result, out.attempts.length); // "hello from openai/gpt-4o using openai:default", 2
else console.error(out.reason, out.error.message);
