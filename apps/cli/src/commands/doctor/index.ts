/** `claw doctor [--fix] [--json]`: every check with its fix; `--fix` runs the safe repairs and checks again. */
import type { ParsedCommandArgs } from "../../args.js";
import { type CommandContext, type CommandModule, EXIT_FAILURE, EXIT_OK } from "../../context.js";
import { toJson } from "../../render/table.js";
import { runFlat } from "../../subcommands.js";
import { configPathsFor } from "../config/load.js";
import { CHECKS, type DoctorInput, type Finding } from "./checks.js";

async function runChecks(context: CommandContext): Promise<Finding[]> {
  const paths = configPathsFor(context);
  let config: DoctorInput["config"];
  try {
    const { loadConfig } = await import("@claw/config");
    config = loadConfig({
      env: context.io.env,
      homeDir: context.io.homeDir,
      ...(context.profile ? { profile: context.profile } : {}),
    }).config;
  } catch {
    config = undefined;
  }
  const findings: Finding[] = [];
  for (const check of CHECKS) findings.push(...(await check.run({ context, paths, config })));
  return findings;
}

async function doctor({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  let findings = await runChecks(context);
  const repaired: string[] = [];
  if (values.fix) {
    for (const finding of findings.filter((f) => f.repair)) {
      await finding.repair?.();
      repaired.push(finding.message);
    }
    if (repaired.length > 0) findings = await runChecks(context);
  }
  const failed = findings.some((f) => f.level === "fail");
  if (values.json) {
    context.io.stdout(
      toJson({
        ok: !failed,
        repaired,
        findings: findings.map(({ repair, ...rest }) => ({ ...rest, fixable: repair !== undefined })),
      }),
    );
    return failed ? EXIT_FAILURE : EXIT_OK;
  }
  const { green, yellow, red, dim } = context.style;
  for (const message of repaired) context.io.stdout(`${green("fixed")} ${message}\n`);
  for (const f of findings) {
    const mark = f.level === "ok" ? green("✓") : f.level === "warn" ? yellow("!") : red("✗");
    const fix =
      f.fix && f.level !== "ok"
        ? `\n    ${dim(`fix: ${f.fix}`)}${f.repair && !values.fix && !f.fix.includes("claw doctor --fix") ? dim(" (or `claw doctor --fix`)") : ""}`
        : "";
    context.io.stdout(`${mark} ${f.message}${fix}\n`);
  }
  const problems = findings.filter((f) => f.level === "fail").length;
  context.io.stdout(
    problems === 0 ? `\n${green("no problems found")}\n` : `\n${red(`${problems} problem(s)`)}\n`,
  );
  // The doctor checks that things work; who else can reach them is the audit's job.
  context.io.stdout(dim("what this install exposes to others: `claw security audit`\n"));
  return failed ? EXIT_FAILURE : EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) => runFlat("doctor", doctor, args, context);
export default { run } satisfies CommandModule;
