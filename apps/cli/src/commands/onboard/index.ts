/**
 * `claw onboard`: first run. Interactive in a terminal (@clack/prompts); `--yes` with `--provider`
 * (and `--api-key-env`, `--base-url`, `--model`) for scripts.
 */
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { type CommandContext, type CommandModule, EXIT_ABORTED, EXIT_OK, UsageError } from "../../context.js";
import { toJson } from "../../render/table.js";
import { runFlat } from "../../subcommands.js";
import { applyThroughGateway, describeApplied } from "../config/apply-live.js";
import { configPathsFor } from "../config/load.js";
import { type AppliedOnboarding, applyOnboarding, readExistingDocument } from "./apply.js";
import { type OnboardAnswers, type ProviderAnswer, planOnboarding } from "./plan.js";
import { findOnboardProvider, listOllamaModels, ONBOARD_PROVIDERS } from "./providers.js";

/** Answers from flags alone; anything missing is a usage error naming the flag to add. */
export async function answersFromFlags(
  values: ParsedCommandArgs["values"],
  env: Readonly<Record<string, string | undefined>>,
): Promise<OnboardAnswers> {
  const list = stringFlag(values, "provider");
  if (!list)
    throw new UsageError(
      "--yes needs --provider",
      `one or more of ${ONBOARD_PROVIDERS.map((p) => p.id).join(", ")}`,
    );
  const providers = list.split(",").map((id) => {
    const provider = findOnboardProvider(id.trim());
    if (!provider)
      throw new UsageError(
        `unknown provider "${id}"`,
        `choose from ${ONBOARD_PROVIDERS.map((p) => p.id).join(", ")}`,
      );
    return provider;
  });
  const keyEnv = stringFlag(values, "api-key-env");
  const takesKey = providers.filter((p) => p.key !== "none");
  if (keyEnv && takesKey.length !== 1)
    throw new UsageError(
      "--api-key-env applies to exactly one provider that takes a key",
      "onboard them one at a time",
    );
  const baseUrl = stringFlag(values, "base-url");
  const answers: ProviderAnswer[] = providers.map((provider) => {
    const name = provider.key === "none" ? undefined : (keyEnv ?? provider.envKey);
    const apiKey = name ? env[name]?.trim() || undefined : undefined;
    if (provider.key === "required" && !apiKey)
      throw new UsageError(
        `no API key for ${provider.id}: ${name ?? "the variable"} is not set`,
        `export ${name ?? "IT"}=… first, or pass --api-key-env NAME`,
      );
    const url = provider.url ? (baseUrl ?? provider.url.default) : undefined;
    if (provider.url && !url)
      throw new UsageError(`${provider.id} needs --base-url`, "e.g. --base-url http://127.0.0.1:8000/v1");
    return { provider, ...(apiKey ? { apiKey } : {}), ...(url ? { baseUrl: url } : {}) };
  });
  let model = stringFlag(values, "model");
  const first = answers[0];
  if (!model && first?.provider.id === "ollama" && first.baseUrl) {
    const [pulled] = await listOllamaModels(first.baseUrl);
    if (pulled) model = `ollama/${pulled}`;
  }
  model ??= first?.provider.defaultModel;
  if (!model) throw new UsageError(`pick a default model with --model`, "e.g. --model ollama/llama3.2:3b");
  if (first?.provider.id === "openai-compatible" && !model.includes("/")) model = `custom/${model}`;
  const workspace = stringFlag(values, "workspace");
  return { providers: answers, model, ...(workspace ? { workspace } : {}) };
}

export function renderApplied(applied: AppliedOnboarding, context: CommandContext): string {
  const { green, bold, dim } = context.style;
  const lines = [
    `${green("✓")} config        ${applied.configPath}${applied.backupPath ? dim(` (previous: ${applied.backupPath})`) : ""}`,
    `${green("✓")} default model ${applied.model}`,
    applied.authProfilesPath
      ? `${green("✓")} API keys      ${applied.authProfilesPath} ${dim("(mode 0600)")}`
      : `${dim("•")} API keys      none stored`,
    `${green("✓")} workspace     ${applied.workspaceDir}${applied.createdFiles.length > 0 ? dim(` (created ${applied.createdFiles.join(", ")})`) : ""}`,
    `${green("✓")} gateway token ${applied.tokenPath} ${dim("(mode 0600)")}`,
    "",
    applied.gateway
      ? `${green("✓")} the running gateway took the change:\n${describeApplied(applied.gateway, context).trimEnd()}\n\n${bold("Next:")} claw agent -m "hello"`
      : `${bold("Next:")} claw gateway run    ${dim('then, in another terminal: claw agent -m "hello"')}`,
  ];
  return `${lines.join("\n")}\n`;
}

async function onboard({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const paths = configPathsFor(context);
  let answers: OnboardAnswers;
  if (values.yes) answers = await answersFromFlags(values, context.io.env);
  else if (context.io.stdinIsTTY === true) {
    const { askOnboarding } = await import("./interactive.js");
    const asked = await askOnboarding(context, values);
    if (asked === undefined) return EXIT_ABORTED;
    answers = asked;
  } else
    throw new UsageError(
      "claw onboard asks questions and needs a terminal",
      "for scripts: claw onboard --yes --provider anthropic --api-key-env ANTHROPIC_API_KEY",
    );
  const existing = values.force ? {} : readExistingDocument(paths.configPath);
  const applied = await applyOnboarding(planOnboarding(existing, answers), paths, context.io, (document) =>
    applyThroughGateway(context, paths.stateDir, document),
  );
  context.io.stdout(values.json ? toJson(applied) : renderApplied(applied, context));
  return EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) => runFlat("onboard", onboard, args, context);
export default { run } satisfies CommandModule;
