/**
 * Status: gateway health and process, models and their cooldowns, memory indexes, channels and
 * pairing, cron, and the live log.
 */
import type { ModelEntry } from "@claw/client/browser";
import type { GatewayLink } from "../gateway/link.js";
import { useRequest } from "../gateway/use-request.js";
import { compactNumber } from "../shell/format.js";
import { ChannelsPanel } from "./channels-panel.js";
import { CooldownsPanel } from "./cooldowns-panel.js";
import { CronPanel } from "./cron-panel.js";
import { LogTail } from "./log-tail.js";
import { MemoryPanel } from "./memory-panel.js";
import { Panel } from "./panel.js";

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function uptime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function modelBadge(model: ModelEntry): { text: string; tone: "ok" | "warn" | "error" } {
  if (model.available !== false) return { text: "available", tone: "ok" };
  if (model.unavailableReason === "cooldown") {
    const until = model.unavailableUntil;
    const at = until
      ? ` until ${new Date(until).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`
      : "";
    return { text: `cooling${at}`, tone: "warn" };
  }
  if (model.unavailableReason === "missing-auth") return { text: "no credentials", tone: "error" };
  return { text: "unavailable", tone: "error" };
}

function ModelRow({ model }: { model: ModelEntry }) {
  const badge = modelBadge(model);
  return (
    <li>
      <span>
        {model.provider}/{model.id}
      </span>
      <span class={`badge badge-${badge.tone}`}>{badge.text}</span>
    </li>
  );
}

/** Models with credentials first (usable or cooling); the catalog's others (no credentials yet) folded away. */
function ModelList({ models }: { models: ModelEntry[] }) {
  const withoutCredentials = (m: ModelEntry) => m.available === false && m.unavailableReason !== "cooldown";
  const usable = models.filter((m) => !withoutCredentials(m));
  const others = models.filter(withoutCredentials);
  return (
    <>
      <ul class="kv">
        {usable.map((m) => (
          <ModelRow key={`${m.provider}/${m.id}`} model={m} />
        ))}
      </ul>
      {others.length > 0 && (
        <details class="more">
          <summary>{others.length} more without credentials</summary>
          <ul class="kv">
            {others.map((m) => (
              <ModelRow key={`${m.provider}/${m.id}`} model={m} />
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

export function StatusView({ link }: { link: GatewayLink }) {
  const health = useRequest(link, "health", {});
  const status = useRequest(link, "status", {});
  const models = useRequest(link, "models.list", {});
  const s = status.data;
  return (
    <section class="page" aria-labelledby="status-title">
      <header class="page-head">
        <h2 id="status-title">Status</h2>
      </header>
      <div class="panels">
        <Panel
          title="Gateway"
          error={health.error ?? status.error}
          onRefresh={() => {
            health.reload();
            status.reload();
          }}
        >
          <ul class="kv">
            <li>
              <span>Health</span>
              <span class={`badge ${health.data?.ok ? "badge-ok" : "badge-error"}`}>
                {health.data?.ok ? "ok" : "…"}
              </span>
            </li>
            {s && (
              <>
                <li>
                  <span>Version</span>
                  <span>{s.runtimeVersion}</span>
                </li>
                <li>
                  <span>Uptime</span>
                  <span>{uptime(s.uptimeMs)}</span>
                </li>
                <li>
                  <span>Active runs</span>
                  <span>{s.activeRuns ?? 0}</span>
                </li>
                <li>
                  <span>Connections</span>
                  <span>{s.connections ?? 0}</span>
                </li>
                <li>
                  <span>Sessions</span>
                  <span>{compactNumber(s.sessions.count)}</span>
                </li>
                <li>
                  <span>Default model</span>
                  <span>{s.sessions.defaults.model ?? "—"}</span>
                </li>
                {s.processMemory && (
                  <li>
                    <span>Memory (RSS)</span>
                    <span>{mb(s.processMemory.rssBytes)}</span>
                  </li>
                )}
                {health.data?.configReload && (
                  <li>
                    <span>Config hot reload</span>
                    <span>{health.data.configReload.hotReloadStatus}</span>
                  </li>
                )}
              </>
            )}
          </ul>
          {s && s.heartbeat.agents.length > 0 && (
            <>
              <h4>Heartbeats</h4>
              <ul class="kv">
                {s.heartbeat.agents.map((a) => (
                  <li key={a.agentId}>
                    <span>{a.agentId}</span>
                    <span class="small">
                      {a.enabled ? `every ${a.every}` : "off"}
                      {a.lastBeat ? ` · last ${a.lastBeat.outcome}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Panel>
        <Panel title="Models" error={models.error} onRefresh={models.reload}>
          <ModelList models={models.data?.models ?? []} />
        </Panel>
        <CooldownsPanel link={link} />
        <MemoryPanel link={link} />
        <ChannelsPanel link={link} />
        <CronPanel link={link} />
      </div>
      <LogTail link={link} />
    </section>
  );
}
