/** Sessions: agent, model, tokens, last activity; open, rename, reset, delete. */
import type { SessionRow } from "@claw/client/browser";
import { useState } from "preact/hooks";
import { describeError, type GatewayLink } from "../gateway/link.js";
import { useRequest } from "../gateway/use-request.js";
import { compactNumber, timeAgo } from "../shell/format.js";
import { openSession } from "../shell/navigation.js";

type Row = SessionRow & {
  inputTokens?: number;
  outputTokens?: number;
  contextTokens?: number;
  compactionCount?: number;
};

function tokens(row: Row): string {
  const total = (row.inputTokens ?? 0) + (row.outputTokens ?? 0);
  return total ? compactNumber(total) : "—";
}

function SessionActions({
  link,
  row,
  onChange,
  onError,
}: {
  link: GatewayLink;
  row: Row;
  onChange(): void;
  onError(message: string): void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [label, setLabel] = useState(row.label ?? "");
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
      onChange();
    } catch (e) {
      onError(describeError(e));
    }
  };
  if (renaming)
    return (
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          setRenaming(false);
          void act(() =>
            link.request("sessions.patch", {
              key: row.key,
              label: label.trim() === "" ? null : label.trim(),
            }),
          );
        }}
      >
        <label class="visually-hidden" for={`label-${row.key}`}>
          New name for {row.key}
        </label>
        <input
          id={`label-${row.key}`}
          value={label}
          maxLength={512}
          onInput={(e) => setLabel((e.target as HTMLInputElement).value)}
        />
        <button type="submit" class="primary">
          Save
        </button>
        <button type="button" onClick={() => setRenaming(false)}>
          Cancel
        </button>
      </form>
    );
  return (
    <div class="row-actions">
      <button
        type="button"
        onClick={() => openSession(row.key, row.agentId)}
        aria-label={`Open ${row.label ?? row.key}`}
      >
        Open
      </button>
      <button type="button" onClick={() => setRenaming(true)} aria-label={`Rename ${row.label ?? row.key}`}>
        Rename
      </button>
      <button
        type="button"
        onClick={() =>
          confirm(`Reset ${row.label ?? row.key}? It starts a new transcript.`) &&
          void act(() => link.request("sessions.reset", { key: row.key, reason: "reset" }))
        }
        aria-label={`Reset ${row.label ?? row.key}`}
      >
        Reset
      </button>
      <button
        type="button"
        class="danger"
        onClick={() =>
          confirm(`Delete ${row.label ?? row.key} and its transcript?`) &&
          void act(() => link.request("sessions.delete", { key: row.key, deleteTranscript: true }))
        }
        aria-label={`Delete ${row.label ?? row.key}`}
      >
        Delete
      </button>
    </div>
  );
}

export function SessionsView({ link }: { link: GatewayLink }) {
  const [search, setSearch] = useState("");
  const [error, setError] = useState<string | undefined>();
  const list = useRequest(link, "sessions.list", { limit: 500, ...(search ? { search } : {}) });
  const rows = (list.data?.sessions ?? []) as Row[];
  return (
    <section class="page" aria-labelledby="sessions-title">
      <header class="page-head">
        <h2 id="sessions-title">Sessions</h2>
        <label class="search">
          <span class="visually-hidden">Search sessions</span>
          <input
            type="search"
            placeholder="Search"
            value={search}
            onInput={(e) => setSearch((e.target as HTMLInputElement).value)}
          />
        </label>
        <button type="button" onClick={list.reload}>
          Refresh
        </button>
      </header>
      {(error ?? list.error) && (
        <p class="notice notice-error" role="alert">
          {error ?? list.error}
        </p>
      )}
      <div class="table-wrap">
        <table class="data">
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Agent</th>
              <th scope="col">Model</th>
              <th scope="col">Tokens</th>
              <th scope="col">Last activity</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td data-label="Session">
                  <div class="session-name">{row.label ?? row.key}</div>
                  {row.label && <div class="muted small">{row.key}</div>}
                  {(row.compactionCount ?? 0) > 0 && (
                    <span class="badge">compacted ×{row.compactionCount}</span>
                  )}
                </td>
                <td data-label="Agent">{row.agentId ?? "—"}</td>
                <td data-label="Model">{row.lastModel ?? row.model ?? "—"}</td>
                <td data-label="Tokens">{tokens(row)}</td>
                <td data-label="Last activity">{timeAgo(row.updatedAt)}</td>
                <td>
                  <SessionActions link={link} row={row} onChange={list.reload} onError={setError} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && !list.loading && <p class="empty">No sessions yet.</p>}
      </div>
    </section>
  );
}
