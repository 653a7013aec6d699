/**
 * `claw security audit [--json] [--fix]`: what this install exposes and to whom, each finding
 * with its severity and the exact key or command that closes it. Exit 1 when a finding is critical.
 */
import type { ParsedCommandArgs } from "../../args.js";
import { type CommandContext, type CommandModule, EXIT_FAILURE, EXIT_OK } from "../../context.js";
import { toJson } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";
import { runAudit } from "./audit.js";
import { type AuditFinding, SEVERITIES } from "./finding.js";
import { gatherAuditInput } from "./gather.js";

async function auditOnce(context: CommandContext): Promise<AuditFinding[]> {
  const { input, configError } = await gatherAuditInput(context);
  return runAudit(input, configError);
}

async function audit({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  let findings = await auditOnce(context);
  const repaired: string[] = [];
  if (values.fix) {
    for (const finding of findings.filter((f) => f.repair)) {
      finding.repair?.();
      repaired.push(finding.fix);
    }
    if (repaired.length > 0) findings = await auditOnce(context);
  }
  const counts = Object.fromEntries(
    SEVERITIES.map((s) => [s, findings.filter((f) => f.severity === s).length]),
  ) as Record<(typeof SEVERITIES)[number], number>;
  const code = counts.critical > 0 ? EXIT_FAILURE : EXIT_OK;
  if (values.json) {
    context.io.stdout(
      toJson({
        ok: counts.critical === 0,
        counts,
        repaired,
        findings: findings.map(({ repair, ...rest }) => ({ ...rest, fixable: repair !== undefined })),
      }),
    );
    return code;
  }
  const { bold, red, yellow, dim, green } = context.style;
  for (const fix of repaired) context.io.stdout(`${green("fixed")} ${fix}\n`);
  const heading = { critical: red("CRITICAL"), warn: yellow("WARN"), info: dim("INFO") };
  const mark = { critical: red("✗"), warn: yellow("!"), info: dim("·") };
  for (const severity of SEVERITIES) {
    const group = findings.filter((f) => f.severity === severity);
    if (group.length === 0) continue;
    context.io.stdout(`${bold(heading[severity])} (${group.length})\n`);
    for (const f of group) {
      const auto = f.repair && !values.fix ? dim(" (or `claw security audit --fix`)") : "";
      context.io.stdout(
        `${mark[severity]} ${f.title} ${dim(`[${f.id}]`)}\n    ${dim(`fix: ${f.fix}`)}${auto}\n`,
      );
    }
    context.io.stdout("\n");
  }
  const summary = `${counts.critical} critical, ${counts.warn} warning(s), ${counts.info} info`;
  context.io.stdout(`${counts.critical > 0 ? red(summary) : green(summary)}\n`);
  return code;
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("security", { audit }, args, context);
export default { run } satisfies CommandModule;
