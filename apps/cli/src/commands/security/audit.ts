/** Runs every audit check over one input: the findings, most severe first. */
import { AUDIT_CHECKS } from "./checks/index.js";
import { type AuditFinding, type AuditInput, bySeverity } from "./finding.js";

/**
 * @example
 * const findings = await runAudit(input);
 * const exitCode = findings.some((f) => f.severity === "critical") ? 1 : 0;
 */
export async function runAudit(input: AuditInput, configError?: string): Promise<AuditFinding[]> {
  const findings: AuditFinding[] = configError
    ? [
        {
          id: "config.invalid",
          severity: "critical",
          title: `claw.json does not load, so the gateway will not start with it; audited with the defaults instead: ${configError.split("\n")[0]}`,
          fix: "`claw config validate` lists every problem",
        },
      ]
    : [];
  for (const check of AUDIT_CHECKS) findings.push(...(await check.run(input)));
  return bySeverity(findings);
}
