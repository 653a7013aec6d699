/**
 * Exec approval requests as a dialog: allow once, always allow, or deny. Pending requests are
 * listed on (re)connect, so one raised while the page was away still shows.
 */
import type { PendingExecApproval } from "@claw/client/browser";
import { useEffect, useRef, useState } from "preact/hooks";
import { describeError, type GatewayLink } from "../gateway/link.js";
import { useStore } from "../gateway/store.js";

type Decision = "allow-once" | "allow-always" | "deny";

export function ApprovalPrompt({ link }: { link: GatewayLink }) {
  const [pending, setPending] = useState<PendingExecApproval[]>([]);
  const [error, setError] = useState<string | undefined>();
  const generation = useStore(link.generation);
  const linkState = useStore(link.state);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (linkState.phase !== "connected") return;
    link
      .request("exec.approval.list", {})
      .then((list) => setPending(list))
      .catch(() => {});
  }, [link, generation, linkState.phase]);

  useEffect(() => {
    const offRequested = link.on("exec.approval.requested", (approval) =>
      setPending((list) => (list.some((a) => a.id === approval.id) ? list : [...list, approval])),
    );
    const offResolved = link.on("exec.approval.resolved", (resolved) =>
      setPending((list) => list.filter((a) => a.id !== resolved.id)),
    );
    return () => {
      offRequested();
      offResolved();
    };
  }, [link]);

  const current = pending[0];
  useEffect(() => {
    if (current) first.current?.focus();
  }, [current?.id]);
  if (!current) return null;

  const decide = async (decision: Decision) => {
    try {
      await link.request("exec.approval.resolve", { id: current.id, decision });
      setPending((list) => list.filter((a) => a.id !== current.id));
      setError(undefined);
    } catch (e) {
      setError(describeError(e));
    }
  };
  const request = current.request;
  return (
    <div class="overlay">
      <div
        class="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="approval-title"
        aria-describedby="approval-command"
      >
        <h2 id="approval-title">Allow this command?</h2>
        <p>
          Agent <strong>{request.agentId ?? "?"}</strong> wants to run
          {request.cwd ? (
            <>
              {" "}
              in <code>{request.cwd}</code>
            </>
          ) : null}
          :
        </p>
        <pre id="approval-command" class="command">
          {request.command}
        </pre>
        {request.reason && <p>{request.reason}</p>}
        {request.sessionKey && <p class="muted">Session {request.sessionKey}</p>}
        {pending.length > 1 && <p class="muted">{pending.length - 1} more waiting</p>}
        {error && (
          <p class="field-error" role="alert">
            {error}
          </p>
        )}
        <div class="actions">
          <button ref={first} type="button" class="primary" onClick={() => void decide("allow-once")}>
            Allow once
          </button>
          <button type="button" onClick={() => void decide("allow-always")}>
            Always allow
          </button>
          <button type="button" class="danger" onClick={() => void decide("deny")}>
            Deny
          </button>
        </div>
      </div>
    </div>
  );
}
