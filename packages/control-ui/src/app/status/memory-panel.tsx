/** Memory index per agent: files and chunks, when it was last indexed, whether it is behind, and vectors. */
import type { MethodResult } from "@claw/client/browser";
import type { GatewayLink } from "../gateway/link.js";
import { useRequest } from "../gateway/use-request.js";
import { compactNumber, timeAgo } from "../shell/format.js";
import { Panel } from "./panel.js";

type AgentIndex = MethodResult<"doctor.memory.status">["agents"][number];

function stateBadge(index: AgentIndex) {
  if (!index.enabled) return <span class="badge">off</span>;
  if (index.syncing) return <span class="badge badge-running">indexing…</span>;
  if (index.dirty)
    return <span class="badge badge-error">dirty · {index.pendingFiles ?? 0} file(s) behind</span>;
  return <span class="badge badge-ok">up to date</span>;
}

function AgentIndexRows({ index }: { index: AgentIndex }) {
  return (
    <>
      <li>
        <span>
          <strong>{index.agentId}</strong>
        </span>
        {stateBadge(index)}
      </li>
      {index.enabled && (
        <>
          <li>
            <span>Contents</span>
            <span>
              {compactNumber(index.files ?? 0)} files · {compactNumber(index.chunks ?? 0)} chunks
            </span>
          </li>
          <li>
            <span>Last indexed</span>
            <span>
              {index.lastIndexedAt ? timeAgo(index.lastIndexedAt) : "not since the gateway started"}
            </span>
          </li>
          <li>
            <span>Vectors</span>
            <span class="small">
              {index.vector?.available
                ? `${index.vector.provider}/${index.vector.model} · ${index.vector.dims} dims · ${compactNumber(index.vector.vectors)}`
                : (index.vector?.reason ?? "unavailable")}
            </span>
          </li>
          {index.lastError && (
            <li>
              <span>Last error</span>
              <span class="small error-text">{index.lastError}</span>
            </li>
          )}
        </>
      )}
    </>
  );
}

export function MemoryPanel({ link }: { link: GatewayLink }) {
  const memory = useRequest(link, "doctor.memory.status", {});
  return (
    <Panel title="Memory index" error={memory.error} onRefresh={memory.reload}>
      <ul class="kv">
        {(memory.data?.agents ?? []).map((index) => (
          <AgentIndexRows key={index.agentId} index={index} />
        ))}
      </ul>
    </Panel>
  );
}
