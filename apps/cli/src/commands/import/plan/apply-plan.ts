/**
 * Carries out an import plan: files are written atomically (temp + rename) with their modes,
 * claw.json through the config package's writer (which keeps a .bak), sessions through
 * agent-core's importer, and memory is re-indexed with progress. Unchanged and conflicting steps
 * write nothing.
 */
import { chmodSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { importSessions } from "@claw/agent-core";
import { writeConfigFile } from "@claw/config";
import type { CommandContext } from "../../../context.js";
import { createProgressBar } from "../../../render/progress.js";
import { openAgentMemory } from "../../memory/open.js";
import type { ClawTarget, ImportPlan } from "./build-plan.js";
import type { FileStep, MemoryStep } from "./steps.js";

function writeAtomic(step: FileStep): void {
  mkdirSync(dirname(step.target), { recursive: true, mode: 0o700 });
  const temp = `${step.target}.${process.pid}.import.tmp`;
  writeFileSync(temp, step.content, { mode: step.mode });
  chmodSync(temp, step.mode);
  renameSync(temp, step.target);
}

async function reindex(step: MemoryStep, plan: ImportPlan, target: ClawTarget, context: CommandContext) {
  const memory = await openAgentMemory(context, plan.config, target.stateDir, step.agentId);
  const bar = createProgressBar(context.io, `indexing ${step.agentId}`);
  try {
    const result = await memory.sync({
      onProgress: (p) => (p.phase === "done" ? bar.done() : bar.update(p.done, p.total, p.path ?? p.phase)),
    });
    step.detail = `${step.agentId}: ${result.added} added, ${result.updated} updated, ${result.unchanged} unchanged`;
  } finally {
    bar.done();
    await memory.close();
  }
}

/** Writes every step that changes something; memory re-index failures are kept as warnings. */
export async function applyImportPlan(
  plan: ImportPlan,
  target: ClawTarget,
  context: CommandContext,
): Promise<void> {
  for (const step of plan.steps) {
    if (step.kind === "session" || step.kind === "memory") continue;
    if (step.status !== "create" && step.status !== "update") continue;
    if (step.kind === "config") writeConfigFile(step.target, JSON.parse(step.content.toString("utf8")));
    else writeAtomic(step);
  }
  importSessions({ stateDir: target.stateDir, sessions: plan.sessions });
  for (const step of plan.steps)
    if (step.kind === "memory" && step.status === "update")
      await reindex(step, plan, target, context).catch((error: unknown) => {
        plan.warnings.push(
          `memory index for ${step.agentId} failed: ${(error as Error).message} — run \`claw memory index --agent ${step.agentId}\``,
        );
      });
}
