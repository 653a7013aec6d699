/** Channels: each account's state (with a probe on demand) and DM pairing requests to approve. */
import { useState } from "preact/hooks";
import { describeError, type GatewayLink } from "../gateway/link.js";
import { useRequest } from "../gateway/use-request.js";
import { timeAgo } from "../shell/format.js";
import { Panel } from "./panel.js";

export function ChannelsPanel({ link }: { link: GatewayLink }) {
  const [probe, setProbe] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const status = useRequest(link, "channels.status", { probe });
  const pairing = useRequest(link, "channels.pairing.list", {});
  const decide = async (
    approve: boolean,
    request: { channel: string; accountId: string; requestId: string },
  ) => {
    try {
      if (approve) await link.request("channels.pairing.approve", { ...request, notify: true });
      else await link.request("channels.pairing.dismiss", request);
      pairing.reload();
    } catch (e) {
      setError(describeError(e));
    }
  };
  const data = status.data;
  const accounts = data
    ? data.channelOrder.flatMap((channel) =>
        (data.channelAccounts[channel] ?? []).map((a) => ({ channel, ...a })),
      )
    : [];
  return (
    <Panel
      title="Channels"
      error={error ?? status.error}
      onRefresh={() => {
        status.reload();
        pairing.reload();
      }}
    >
      {accounts.length === 0 ? (
        <p class="muted">No chat channels are configured.</p>
      ) : (
        <ul class="kv">
          {accounts.map((a) => (
            <li key={`${a.channel}:${a.accountId}`}>
              <span>
                {data?.channelLabels[a.channel] ?? a.channel} · {a.name ?? a.accountId}
              </span>
              <span
                class={`badge ${a.connected || a.running ? "badge-ok" : a.lastError ? "badge-error" : ""}`}
              >
                {a.connected
                  ? "connected"
                  : a.running
                    ? "running"
                    : a.enabled === false
                      ? "disabled"
                      : "stopped"}
              </span>
              {a.lastError && <span class="field-error small">{a.lastError}</span>}
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={() => setProbe(true)} disabled={probe && status.loading}>
        Probe channels
      </button>
      <h4>Pairing requests</h4>
      {pairing.error && <p class="muted small">{pairing.error}</p>}
      {(pairing.data?.requests ?? []).length === 0 ? (
        <p class="muted">None waiting.</p>
      ) : (
        <ul class="kv">
          {pairing.data?.requests.map((r) => (
            <li key={r.requestId}>
              <span>
                {r.channelLabel}: <strong>{r.senderLabel}</strong>{" "}
                <span class="muted small">
                  code {r.requestId} · {timeAgo(Date.parse(r.createdAt))}
                </span>
              </span>
              <span class="row-actions">
                <button type="button" class="primary" onClick={() => void decide(true, r)}>
                  Approve
                </button>
                <button type="button" onClick={() => void decide(false, r)}>
                  Dismiss
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
