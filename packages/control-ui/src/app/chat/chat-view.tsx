/** The chat page: pick an agent and a session, read the stream, send, stop. */
import { buildMainSessionKey, sessionKeyAgentId } from "@claw/ids";
import { useMemo } from "preact/hooks";
import type { GatewayLink } from "../gateway/link.js";
import { useStore } from "../gateway/store.js";
import { useRequest } from "../gateway/use-request.js";
import { chatTarget } from "../shell/navigation.js";
import { DEFAULT_ATTACHMENT_LIMITS } from "./attachments.js";
import { ChatItemView } from "./chat-item-view.js";
import type { ChatItem } from "./chat-items.js";
import { commandChoices } from "./command-completion.js";
import { Composer } from "./composer.js";
import { useChat } from "./use-chat.js";
import { VirtualList } from "./virtual-list.js";

const rowKey = (item: ChatItem) => item.id;
const renderRow = (item: ChatItem) => <ChatItemView item={item} />;

export function ChatView({ link }: { link: GatewayLink }) {
  const linkState = useStore(link.state);
  const target = useStore(chatTarget);
  const agents = useRequest(link, "agents.list", {});
  const defaultAgent =
    agents.data?.defaultId ?? (linkState.phase === "connected" ? linkState.defaultAgentId : undefined);
  const mainKey =
    linkState.phase === "connected" && linkState.mainSessionKey
      ? (linkState.mainSessionKey.split(":").at(-1) ?? "main")
      : "main";
  const agentId = target.agentId ?? sessionKeyAgentId(target.sessionKey) ?? defaultAgent ?? "main";
  const sessionKey = target.sessionKey ?? buildMainSessionKey(agentId, mainKey);
  const sessions = useRequest(link, "sessions.list", { agentId, limit: 200 });
  const commands = useRequest(link, "commands.list", { agentId, sessionKey });
  const choices = useMemo(() => commandChoices(commands.data?.commands ?? []), [commands.data]);
  const chat = useChat(link, sessionKey, agentId);
  const sessionKeys = useMemo(() => {
    const keys = new Set((sessions.data?.sessions ?? []).map((s) => s.key));
    keys.add(sessionKey);
    return [...keys];
  }, [sessions.data, sessionKey]);
  const labels = new Map((sessions.data?.sessions ?? []).map((s) => [s.key, s.label ?? s.key]));

  return (
    <section class="chat" aria-label="Chat">
      <header class="toolbar">
        <label>
          <span>Agent</span>
          <select
            value={agentId}
            onChange={(event) => chatTarget.set({ agentId: (event.target as HTMLSelectElement).value })}
          >
            {(agents.data?.agents ?? [{ id: agentId }]).map((agent) => (
              <option key={agent.id} value={agent.id}>
                {"name" in agent && agent.name ? `${agent.name} (${agent.id})` : agent.id}
              </option>
            ))}
          </select>
        </label>
        <label class="grow">
          <span>Session</span>
          <select
            value={sessionKey}
            onChange={(event) =>
              chatTarget.set({ agentId, sessionKey: (event.target as HTMLSelectElement).value })
            }
          >
            {sessionKeys.map((key) => (
              <option key={key} value={key}>
                {labels.get(key) ?? key}
              </option>
            ))}
          </select>
        </label>
        {chat.activeRunId && (
          <span class="badge badge-running" role="status">
            streaming…
          </span>
        )}
      </header>
      {chat.error && (
        <p class="notice notice-error" role="alert">
          {chat.error}
        </p>
      )}
      {chat.items.length === 0 && !chat.loading ? (
        <div class="empty">
          <p>
            No messages yet. Say hello — or type <code>/</code> to see the commands.
          </p>
        </div>
      ) : (
        <VirtualList rows={chat.items} rowKey={rowKey} renderRow={renderRow} label="Conversation" />
      )}
      <Composer
        sessionKey={sessionKey}
        commands={choices}
        running={chat.activeRunId !== undefined}
        connected={linkState.phase === "connected"}
        attachmentLimits={{
          ...DEFAULT_ATTACHMENT_LIMITS,
          ...(linkState.phase === "connected" ? linkState.attachments : {}),
        }}
        onSend={chat.send}
        onAbort={() => void chat.abort()}
      />
    </section>
  );
}
