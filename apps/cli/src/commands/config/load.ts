/** How the CLI reaches the config: the app is the one place that passes process state to the loader. */
import {
  type ConfigIssue,
  type ConfigPaths,
  formatConfigIssue,
  type ModelKnowledge,
  resolveConfigPaths,
} from "@claw/config";
import type { CommandContext } from "../../context.js";

export function configPathsFor(context: CommandContext): ConfigPaths {
  return resolveConfigPaths({
    env: context.io.env,
    homeDir: context.io.homeDir,
    ...(context.profile ? { profile: context.profile } : {}),
  });
}

/** Prints issues as an indented list under a heading. */
export function printIssues(
  context: CommandContext,
  heading: string,
  issues: readonly ConfigIssue[],
  to: "stdout" | "stderr",
) {
  const { red } = context.style;
  const lines = issues.map((issue) => `  ${red("✗")} ${formatConfigIssue(issue)}`).join("\n");
  context.io[to](`${heading}\n${lines}\n`);
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** The model catalog for checks that reject unknown models (loaded on demand: most commands need none). */
export async function loadModelKnowledge(): Promise<ModelKnowledge> {
  const { modelKnowledge } = await import("@claw/app-gateway");
  return modelKnowledge();
}
