import type { ThinkingLevel } from "@claw/providers";
import { oneLine } from "../text.js";
import type { ChannelInfo, RuntimeInfo } from "./types.js";

/**
 * `Runtime: agent=… | host=… | repo=… | os=… (arch) | node=… | model=… | channel=… | capabilities=… | thinking=…`;
 * empty parts are left out, `thinking` is always present (default `off`).
 *
 * @example
 * buildRuntimeLine({ agentId: "main", os: "linux", arch: "x64" }, undefined, "low");
 * // "Runtime: agent=main | os=linux (x64) | thinking=low"
 */
export function buildRuntimeLine(
  runtime: RuntimeInfo | undefined,
  channel: ChannelInfo | undefined,
  thinking: ThinkingLevel | undefined,
): string {
  const r = runtime ?? {};
  const value = (v: string | undefined) => oneLine(v ?? "");
  const os = value(r.os);
  const arch = value(r.arch);
  const channelId = value(channel?.id);
  const parts = [
    value(r.agentId) && `agent=${value(r.agentId)}`,
    value(r.host) && `host=${value(r.host)}`,
    value(r.repoRoot) && `repo=${value(r.repoRoot)}`,
    os && `os=${os}${arch ? ` (${arch})` : ""}`,
    value(r.node) && `node=${value(r.node)}`,
    value(r.model) && `model=${value(r.model)}`,
    channelId && `channel=${channelId}`,
    channelId && `capabilities=${(channel?.capabilities ?? []).map(oneLine).join(",")}`,
    `thinking=${thinking ?? "off"}`,
  ];
  return `Runtime: ${parts.filter(Boolean).join(" | ")}`;
}

export function runtimeSection(
  runtime: RuntimeInfo | undefined,
  channel: ChannelInfo | undefined,
  thinking: ThinkingLevel | undefined,
): string {
  return ["## Runtime", buildRuntimeLine(runtime, channel, thinking)].join("\n");
}
