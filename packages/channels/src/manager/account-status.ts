/** What the layer knows about one running (or failing) channel account; `channels.status` shows it. */
export interface AccountStatus {
  accountId: string;
  name?: string;
  enabled: boolean;
  configured: boolean;
  running: boolean;
  connected: boolean;
  reconnectAttempts: number;
  lastConnectedAt: number | null;
  lastError: string | null;
  lastStartAt: number | null;
  lastStopAt: number | null;
  lastInboundAt: number | null;
  lastOutboundAt: number | null;
  mode?: string;
  dmPolicy?: string;
  allowFrom?: string[];
  baseUrl?: string;
  probe?: { ok: boolean; detail?: string; error?: string };
  lastProbeAt?: number | null;
}

export function initialStatus(accountId: string, extra: Partial<AccountStatus> = {}): AccountStatus {
  return {
    accountId,
    enabled: true,
    configured: true,
    running: false,
    connected: false,
    reconnectAttempts: 0,
    lastConnectedAt: null,
    lastError: null,
    lastStartAt: null,
    lastStopAt: null,
    lastInboundAt: null,
    lastOutboundAt: null,
    ...extra,
  };
}
