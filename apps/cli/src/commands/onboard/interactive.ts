/**
 * The interactive onboarding (@clack/prompts): providers, keys (masked, never echoed), endpoint
 * URLs, default model (catalog or live from Ollama), workspace. Resolves undefined when cancelled.
 */
import * as p from "@clack/prompts";
import { listModels } from "@claw/providers";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import type { CommandContext } from "../../context.js";
import type { OnboardAnswers, ProviderAnswer } from "./plan.js";
import { listOllamaModels, ONBOARD_PROVIDERS, type OnboardProvider } from "./providers.js";

class Cancelled extends Error {}

function answer<T>(value: T): Exclude<T, symbol> {
  if (p.isCancel(value)) throw new Cancelled();
  return value as Exclude<T, symbol>;
}

async function askProvider(
  provider: OnboardProvider,
  env: CommandContext["io"]["env"],
): Promise<ProviderAnswer> {
  let baseUrl: string | undefined;
  if (provider.url)
    baseUrl = answer(
      await p.text({
        message: `${provider.label}: base URL`,
        ...(provider.url.default
          ? { placeholder: provider.url.default, defaultValue: provider.url.default }
          : {}),
        validate: (v) =>
          !v && !provider.url?.default
            ? "a URL is needed"
            : v && !/^https?:\/\//.test(v)
              ? "start with http:// or https://"
              : undefined,
      }),
    );
  if (provider.key === "none") return { provider, ...(baseUrl ? { baseUrl } : {}) };
  const fromEnv = provider.envKey ? env[provider.envKey]?.trim() : undefined;
  const typed = answer(
    await p.password({
      message: `${provider.label}: paste the API key${provider.keyHint ? ` from ${provider.keyHint}` : ""}${fromEnv ? ` (empty: use ${provider.envKey})` : provider.key === "optional" ? " (empty: none)" : ""}`,
      mask: "•",
      validate: (v) =>
        !v && !fromEnv && provider.key === "required" ? "a key is needed (Ctrl-C to stop)" : undefined,
    }),
  );
  const apiKey = typed?.trim() || fromEnv;
  return { provider, ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseUrl } : {}) };
}

async function askModel(answers: ProviderAnswer[]): Promise<string> {
  const options: { value: string; label: string }[] = [];
  const catalog = listModels();
  for (const a of answers) {
    if (a.provider.id === "ollama" && a.baseUrl) {
      const pulled = await listOllamaModels(a.baseUrl);
      for (const name of pulled) options.push({ value: `ollama/${name}`, label: `ollama/${name} (pulled)` });
    }
    for (const m of catalog.filter((m) => m.provider === a.provider.provider))
      options.push({ value: `${m.provider}/${m.id}`, label: `${m.provider}/${m.id}` });
  }
  const suggested = answers.find((a) => a.provider.defaultModel)?.provider.defaultModel;
  if (options.length === 0)
    return answer(
      await p.text({
        message: "Default model (provider/model)",
        placeholder: "custom/my-model",
        validate: (v) => (v?.includes("/") ? undefined : "write it as provider/model"),
      }),
    );
  return answer(
    await p.select({
      message: "Default model",
      options,
      ...(suggested && options.some((o) => o.value === suggested) ? { initialValue: suggested } : {}),
    }),
  );
}

export async function askOnboarding(
  context: CommandContext,
  values: ParsedCommandArgs["values"],
): Promise<OnboardAnswers | undefined> {
  try {
    p.intro("Welcome to Claw — let's set up your assistant");
    const chosen = answer(
      await p.multiselect({
        message: "Which model providers do you use? (space to select, enter to go on)",
        options: ONBOARD_PROVIDERS.map((provider) => ({ value: provider.id, label: provider.label })),
        required: true,
      }),
    );
    const providers: ProviderAnswer[] = [];
    for (const id of chosen) {
      const provider = ONBOARD_PROVIDERS.find((x) => x.id === id) as OnboardProvider;
      providers.push(await askProvider(provider, context.io.env));
    }
    const model = stringFlag(values, "model") ?? (await askModel(providers));
    const workspace = answer(
      await p.text({
        message: "Workspace folder (empty: <state dir>/workspace)",
        placeholder: "~/.claw/workspace",
        defaultValue: "",
      }),
    );
    p.outro("Writing your setup…");
    return { providers, model, ...(workspace ? { workspace } : {}) };
  } catch (error) {
    if (!(error instanceof Cancelled)) throw error;
    p.cancel("Onboarding cancelled; nothing was written.");
    return undefined;
  }
}
