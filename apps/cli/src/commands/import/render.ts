/** The import report: each step with its status, what was left behind and why, and a summary line. */
import type { CommandContext } from "../../context.js";
import type { ImportPlan } from "./plan/build-plan.js";
import type { Step, StepStatus } from "./plan/steps.js";
import type { OpenClawState } from "./source/types.js";

const VERB: Record<StepStatus, { done: string; dry: string }> = {
  create: { done: "created", dry: "would create" },
  update: { done: "updated", dry: "would update" },
  unchanged: { done: "unchanged", dry: "unchanged" },
  conflict: { done: "kept Claw's", dry: "would keep Claw's" },
};

/** Counts per status, e.g. `{ create: 12, unchanged: 3 }`. */
export function summarize(steps: readonly Step[]): Record<StepStatus, number> {
  const counts: Record<StepStatus, number> = { create: 0, update: 0, unchanged: 0, conflict: 0 };
  for (const step of steps) counts[step.status]++;
  return counts;
}

/** The whole report as one JSON-ready object (`--json`). */
export function reportJson(state: OpenClawState, plan: ImportPlan, dryRun: boolean, stateDir: string) {
  return {
    from: state.root,
    to: stateDir,
    layout: state.layout,
    movedFrom: state.oldRoot ?? null,
    dryRun,
    steps: plan.steps.map(({ kind, status, target, detail }) => ({ kind, status, target, detail })),
    unmapped: plan.unmapped,
    warnings: plan.warnings,
    summary: summarize(plan.steps),
  };
}

export function printReport(
  context: CommandContext,
  state: OpenClawState,
  plan: ImportPlan,
  options: { dryRun: boolean; stateDir: string },
): void {
  const { bold, dim, green, yellow } = context.style;
  const out = (line = "") => context.io.stdout(`${line}\n`);
  const layout =
    state.layout === "sqlite-2026.9" ? "OpenClaw 2026.9 (SQLite state)" : "OpenClaw (sessions.json + JSONL)";
  out(`${bold(options.dryRun ? "Dry run: importing" : "Importing")} ${state.root} — ${layout}`);
  if (state.oldRoot) out(dim(`  the folder moved from ${state.oldRoot}; its absolute paths were rebased`));
  out(`${dim("into")} ${options.stateDir}`);
  out();
  for (const step of plan.steps) {
    const verb = options.dryRun ? VERB[step.status].dry : VERB[step.status].done;
    const colour = step.status === "conflict" ? yellow : step.status === "unchanged" ? dim : green;
    out(`  ${step.kind.padEnd(9)} ${colour(verb.padEnd(17))} ${step.detail}`);
    if (step.kind === "config" || step.kind === "cron" || step.kind === "auth")
      out(dim(`  ${"".padEnd(27)} ${step.target}`));
  }
  if (plan.unmapped.length > 0) {
    out();
    out(bold(`Not brought over (${plan.unmapped.length}):`));
    for (const item of plan.unmapped) out(`  ${item.path} — ${dim(item.reason)}`);
  }
  if (plan.warnings.length > 0) {
    out();
    out(bold(yellow(`Warnings (${plan.warnings.length}):`)));
    for (const warning of plan.warnings) out(`  ${warning}`);
  }
  const counts = summarize(plan.steps);
  out();
  out(
    `${options.dryRun ? "Would change" : "Done"}: ${counts.create} created, ${counts.update} updated, ${counts.unchanged} unchanged, ${counts.conflict} kept (Claw already had different content)${options.dryRun ? " — nothing was written" : ""}`,
  );
  if (plan.steps.some((s) => s.kind === "config" && s.status === "conflict"))
    out(
      dim(
        "  claw.json already exists with other settings: rerun with --force to replace it (the old file is kept as claw.json.bak)",
      ),
    );
}
