/** Cron: jobs with their next and last run, and the latest finished runs; updates on `cron` events. */
import { useEffect } from "preact/hooks";
import type { GatewayLink } from "../gateway/link.js";
import { useRequest } from "../gateway/use-request.js";
import { timeAgo } from "../shell/format.js";
import { Panel } from "./panel.js";

function scheduleText(schedule: unknown): string {
  const s = schedule as { kind?: string; expr?: string; everyMs?: number; at?: string; atMs?: number };
  if (s.kind === "cron" && s.expr) return s.expr;
  if (s.kind === "every" && s.everyMs) return `every ${Math.round(s.everyMs / 1000)} s`;
  if (s.kind === "at") return `at ${s.at ?? new Date(s.atMs ?? 0).toLocaleString()}`;
  return JSON.stringify(schedule);
}

export function CronPanel({ link }: { link: GatewayLink }) {
  const jobs = useRequest(link, "cron.list", { includeDisabled: true, limit: 100 });
  const runs = useRequest(link, "cron.runs", { scope: "all", limit: 10, sortDir: "desc" });
  useEffect(
    () =>
      link.on("cron", () => {
        jobs.reload();
        runs.reload();
      }),
    [link],
  );
  return (
    <Panel
      title="Cron"
      error={jobs.error}
      onRefresh={() => {
        jobs.reload();
        runs.reload();
      }}
    >
      {(jobs.data?.jobs ?? []).length === 0 ? (
        <p class="muted">No scheduled jobs.</p>
      ) : (
        <ul class="kv">
          {jobs.data?.jobs.map((job) => (
            <li key={job.id}>
              <span>
                <strong>{job.name}</strong> <span class="muted small">{scheduleText(job.schedule)}</span>
              </span>
              <span class="small">
                {job.enabled
                  ? `next ${job.state.nextRunAtMs ? new Date(job.state.nextRunAtMs).toLocaleTimeString() : "—"}`
                  : "disabled"}
                {job.state.lastStatus && (
                  <span class={`badge badge-${job.state.lastStatus === "ok" ? "ok" : "error"}`}>
                    {job.state.lastStatus}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h4>Recent runs</h4>
      {(runs.data?.entries ?? []).length === 0 ? (
        <p class="muted">No runs yet.</p>
      ) : (
        <ul class="kv">
          {runs.data?.entries.map((entry) => (
            <li key={`${entry.jobId}:${entry.ts}`}>
              <span>{entry.jobName ?? entry.jobId}</span>
              <span class="small">
                {timeAgo(entry.ts)}{" "}
                <span class={`badge badge-${entry.status === "ok" ? "ok" : "error"}`}>
                  {entry.status ?? "?"}
                </span>
              </span>
              {entry.error && <span class="field-error small">{entry.error}</span>}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
