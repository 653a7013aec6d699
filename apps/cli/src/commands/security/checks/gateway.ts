/** The gateway's exposure: where it listens, who may connect, what it serves, from which pages. */
import { bindHost, readGatewayToken } from "@claw/app-gateway/paths";
import type { AuditCheck, AuditFinding } from "../finding.js";

/** Shorter shared secrets than this are guessable enough to report (a generated one has 32 chars). */
export const MIN_TOKEN_CHARS = 24;
export const MIN_PASSWORD_CHARS = 12;

/** Whether the configured `gateway.bind` only accepts connections from this machine. */
export function isLoopbackBind(bind: string): boolean {
  const host = bindHost(bind)
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const BIND_LOOPBACK =
  "`claw config set gateway.bind loopback` and reach it over `ssh -N -L 18789:127.0.0.1:18789 <host>`";

export const gatewayFindings: AuditCheck = ({ config, paths, env }) => {
  const { bind, port, auth, controlUi, allowedOrigins, tls } = config.gateway;
  const loopback = isLoopbackBind(bind);
  const where = `${bindHost(bind)}:${port}`;
  const findings: AuditFinding[] = [];
  const token = auth.mode === "token" ? readGatewayToken(config, paths.stateDir, env) : undefined;
  const weakToken = token !== undefined && token.length < MIN_TOKEN_CHARS;
  const weakPassword = auth.mode === "password" && (auth.password ?? "").length < MIN_PASSWORD_CHARS;

  if (!loopback)
    findings.push({
      id: "gateway.bind",
      severity: auth.mode === "none" || weakToken || weakPassword ? "critical" : "warn",
      title: `the gateway listens on ${where} (gateway.bind "${bind}"): anyone who can reach this address can try to connect`,
      fix: BIND_LOOPBACK,
    });
  if (auth.mode === "none")
    findings.push({
      id: "gateway.auth-none",
      severity: loopback ? "warn" : "critical",
      title: loopback
        ? 'gateway.auth.mode is "none": every local process and allowed web page can run the agent and its tools'
        : 'gateway.auth.mode is "none" on a network address: anyone who reaches it can run the agent and its tools',
      fix: "`claw config set gateway.auth.mode token` (the gateway then writes a token to <state dir>/gateway.token)",
    });
  if (weakToken)
    findings.push({
      id: "gateway.auth-weak",
      severity: loopback ? "warn" : "critical",
      title: `the gateway token has ${token.length} characters (at least ${MIN_TOKEN_CHARS} expected): it can be guessed`,
      fix: "remove gateway.auth.token (`claw config unset gateway.auth.token`) and delete <state dir>/gateway.token; the gateway then generates a 32-character one",
    });
  if (weakPassword)
    findings.push({
      id: "gateway.auth-weak",
      severity: loopback ? "warn" : "critical",
      title: `gateway.auth.password has ${(auth.password ?? "").length} characters (at least ${MIN_PASSWORD_CHARS} expected): it can be guessed`,
      fix: "`claw config set gateway.auth.mode token` (a generated token), or a longer gateway.auth.password",
    });
  if (!loopback && controlUi.enabled)
    findings.push({
      id: "gateway.control-ui",
      severity: "warn",
      title: `the Control UI is served to the network at http://${where}${controlUi.basePath}`,
      fix: `\`claw config set gateway.controlUi.enabled false\`, or ${BIND_LOOPBACK}`,
    });
  if (allowedOrigins.includes("*"))
    findings.push({
      id: "gateway.origins-any",
      severity: "critical",
      title:
        'gateway.allowedOrigins contains "*": any web page open in a browser here may connect to the gateway',
      fix: 'list the exact origins in gateway.allowedOrigins (e.g. ["https://claw.example"]) instead of "*"',
    });
  if (!loopback && tls?.enabled !== true)
    findings.push({
      id: "gateway.tls-off",
      severity: "warn",
      title: `TLS is off on ${where}: the token and every message cross the network in clear text`,
      fix: `serve it through a TLS reverse proxy and bind loopback, or ${BIND_LOOPBACK}`,
    });
  if (findings.length === 0)
    findings.push({
      id: "gateway.ok",
      severity: "info",
      title: `the gateway listens on ${where} only, with ${auth.mode} auth`,
      fix: "nothing to do",
    });
  return findings;
};
