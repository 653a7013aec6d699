/**
 * Pending exec approvals: a command that needs a person waits here until someone resolves it
 * (allow-once, allow-always, deny), the run is aborted, or the timeout denies it. Listeners hear
 * every request and resolution; the gateway turns them into `exec.approval.requested` and
 * `exec.approval.resolved` events. One in-process table; nothing survives a restart (a waiting
 * run does not either).
 */
import { randomUUID } from "node:crypto";

export type ApprovalDecision = "allow-once" | "allow-always" | "deny";

/** What a reviewer sees (OpenClaw's `exec.approval.requested` `request` fields, plus `reason`). */
export interface ExecApprovalRequest {
  command: string;
  cwd: string | null;
  agentId: string | null;
  sessionKey: string | null;
  /** Why a person is asked: the allowlist misses, `ask: always`, or elevated exec. */
  reason: string;
  security: string | null;
  ask: string | null;
  /** The first segment's real path, when it resolved. */
  resolvedPath: string | null;
  /** Where the command runs: `gateway` (host) or `sandbox`. */
  host: string | null;
}

export interface PendingApproval {
  id: string;
  request: ExecApprovalRequest;
  createdAtMs: number;
  expiresAtMs: number;
}

export interface ApprovalOutcome {
  decision: ApprovalDecision;
  /** Why it ended: a person decided, the timeout passed, or the run was aborted. */
  cause: "user" | "timeout" | "run-aborted";
  resolvedBy?: string;
}

export type ApprovalEvent =
  | { type: "requested"; approval: PendingApproval }
  | {
      type: "resolved";
      id: string;
      decision: ApprovalDecision;
      cause: ApprovalOutcome["cause"];
      resolvedBy?: string;
      ts: number;
    };

interface Waiter {
  approval: PendingApproval;
  settle(outcome: ApprovalOutcome): void;
}

/** Default time a person has to answer before the command is denied. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 120_000;

/**
 * @example
 * const broker = new ExecApprovalBroker({ timeoutMs: 60_000 });
 * broker.subscribe((event) => console.log(event.type));
 * const outcome = await broker.request({ command: "rm -rf build", … }, signal);
 * // elsewhere: broker.resolve(id, "allow-once", "cli")
 */
export class ExecApprovalBroker {
  private readonly pending = new Map<string, Waiter>();
  private readonly listeners = new Set<(event: ApprovalEvent) => void>();
  private readonly timeoutMs: () => number;
  private readonly now: () => number;

  /** `timeoutMs` may be a function, read per request (a config reload changes the next one). */
  constructor(options: { timeoutMs?: number | (() => number); now?: () => number } = {}) {
    const timeout = options.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
    this.timeoutMs = typeof timeout === "function" ? timeout : () => timeout;
    this.now = options.now ?? Date.now;
  }

  /** Registers a request and waits for its outcome; never rejects. */
  request(
    request: ExecApprovalRequest,
    signal?: AbortSignal,
    onPending?: (approval: PendingApproval) => void,
  ): Promise<ApprovalOutcome> {
    const createdAtMs = this.now();
    const timeoutMs = this.timeoutMs();
    const approval: PendingApproval = {
      id: randomUUID(),
      request,
      createdAtMs,
      expiresAtMs: createdAtMs + timeoutMs,
    };
    return new Promise((resolve) => {
      if (signal?.aborted) {
        resolve({ decision: "deny", cause: "run-aborted" });
        return;
      }
      const timer = setTimeout(
        () => this.finish(approval.id, { decision: "deny", cause: "timeout" }),
        timeoutMs,
      );
      timer.unref();
      const onAbort = () => this.finish(approval.id, { decision: "deny", cause: "run-aborted" });
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(approval.id, {
        approval,
        settle: (outcome) => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          resolve(outcome);
        },
      });
      onPending?.(approval);
      this.emit({ type: "requested", approval });
    });
  }

  /** A person's decision. Returns the approval it settled, or undefined when none is pending. */
  resolve(id: string, decision: ApprovalDecision, resolvedBy?: string): PendingApproval | undefined {
    return this.finish(id, { decision, cause: "user", ...(resolvedBy ? { resolvedBy } : {}) });
  }

  /** Pending approvals, oldest first. */
  list(): PendingApproval[] {
    return [...this.pending.values()].map((w) => w.approval);
  }

  get(id: string): PendingApproval | undefined {
    return this.pending.get(id)?.approval;
  }

  /** Hears every request and resolution; returns the unsubscribe function. */
  subscribe(listener: (event: ApprovalEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private finish(id: string, outcome: ApprovalOutcome): PendingApproval | undefined {
    const waiter = this.pending.get(id);
    if (!waiter) return undefined;
    this.pending.delete(id);
    waiter.settle(outcome);
    this.emit({
      type: "resolved",
      id,
      decision: outcome.decision,
      cause: outcome.cause,
      ...(outcome.resolvedBy ? { resolvedBy: outcome.resolvedBy } : {}),
      ts: this.now(),
    });
    return waiter.approval;
  }

  private emit(event: ApprovalEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // a failing listener must not keep the others (or the waiting run) from hearing it
      }
    }
  }
}
