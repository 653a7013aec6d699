/** The audit's checks, as a table: each reads the input and returns its findings. */
import type { AuditCheck } from "../finding.js";
import { channelFindings } from "./channels.js";
import { execFindings } from "./exec.js";
import { fileFindings } from "./files.js";
import { gatewayFindings } from "./gateway.js";
import { sandboxFindings } from "./sandbox.js";
import { secretFindings } from "./secrets.js";

export const AUDIT_CHECKS: readonly { name: string; run: AuditCheck }[] = [
  { name: "gateway", run: gatewayFindings },
  { name: "channels", run: channelFindings },
  { name: "exec", run: execFindings },
  { name: "sandbox", run: sandboxFindings },
  { name: "files", run: fileFindings },
  { name: "secrets", run: secretFindings },
];
