/**
 * One session's chat: loads its transcript, folds live run events into it, sends and aborts.
 * Reloads the transcript after a reconnect (events may have been missed), keeping what is shown
 * until the new copy arrives.
 */
import type { AgentEvent, ChatEvent } from "@claw/client/browser";
import { randomId } from "@claw/client/browser";
import { RunBinding } from "@claw/client/chat-view";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { describeError, type GatewayLink } from "../gateway/link.js";
import { useStore } from "../gateway/store.js";
import { type PendingAttachment, toWireAttachment } from "./attachments.js";
import { applyAgentEvent, applyChatEvent, type ChatItem, itemsFromHistory } from "./chat-items.js";

/** How many transcript messages are loaded (the list is virtualised, so many are cheap). */
export const HISTORY_LIMIT = 1000;

export interface ChatModel {
  items: ChatItem[];
  loading: boolean;
  /** The run going on in this session, if any. */
  activeRunId?: string;
  error?: string;
  send(text: string, attachments?: readonly PendingAttachment[]): Promise<boolean>;
  abort(): Promise<void>;
  reload(): void;
}

export function useChat(link: GatewayLink, sessionKey: string, agentId: string | undefined): ChatModel {
  const [items, setItems] = useState<ChatItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [activeRunId, setActiveRunId] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [reloads, setReloads] = useState(0);
  const generation = useStore(link.generation);
  const binding = useMemo(() => new RunBinding<AgentEvent>(), []);
  const current = useRef(sessionKey);
  current.current = sessionKey;
  useEffect(() => {
    let live = true;
    setLoading(true);
    link
      .request("chat.history", { sessionKey, limit: HISTORY_LIMIT })
      .then((history) => {
        if (!live) return;
        setItems(itemsFromHistory(history.messages));
        setError(undefined);
      })
      .catch((e: unknown) => live && setError(describeError(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [link, sessionKey, generation, reloads]);

  useEffect(() => {
    setActiveRunId(undefined);
    const onAgent = (event: AgentEvent) => {
      const session = binding.route(event);
      if (session === current.current) deliver([event]);
    };
    const deliver = (events: AgentEvent[]) => {
      if (events.length === 0) return;
      setItems((previous) => events.reduce(applyAgentEvent, previous));
      for (const event of events) {
        if (event.stream === "lifecycle" && event.data.phase === "start") setActiveRunId(event.runId);
        if (event.stream === "lifecycle" && (event.data.phase === "end" || event.data.phase === "error"))
          setActiveRunId((id) => (id === event.runId ? undefined : id));
      }
    };
    const onChat = (event: ChatEvent) => {
      const held = binding.bind(event.runId, event.sessionKey);
      if (event.sessionKey !== current.current) return;
      deliver(held);
      setItems((previous) => applyChatEvent(previous, event));
      if (event.state === "delta") setActiveRunId(event.runId);
      else setActiveRunId((id) => (id === event.runId ? undefined : id));
    };
    const offAgent = link.on("agent", onAgent);
    const offChat = link.on("chat", onChat);
    return () => {
      offAgent();
      offChat();
    };
  }, [link, binding, sessionKey]);

  return {
    items,
    loading,
    ...(activeRunId ? { activeRunId } : {}),
    ...(error ? { error } : {}),
    reload: () => setReloads((n) => n + 1),
    async send(text, pending = []) {
      let shown: ChatItem | undefined;
      try {
        const attachments = await Promise.all(pending.map(toWireAttachment));
        const images = attachments.flatMap((a) =>
          a.type === "image" && typeof a.content === "string" && a.mimeType
            ? [{ mimeType: a.mimeType, data: a.content }]
            : [],
        );
        const files = attachments.filter((a) => a.type !== "image").map((a) => `(attached: ${a.fileName})`);
        const local: ChatItem = {
          kind: "user",
          id: `local:${randomId()}`,
          text: [text, ...files].filter(Boolean).join("\n\n"),
          ...(images.length > 0 ? { images } : {}),
        };
        shown = local;
        setItems((previous) => [...previous, local]);
        const started = await link.request("chat.send", {
          sessionKey,
          message: text,
          idempotencyKey: randomId(),
          ...(agentId ? { agentId } : {}),
          ...(attachments.length > 0 ? { attachments } : {}),
        });
        setActiveRunId(started.runId);
        const held = binding.bind(started.runId, sessionKey);
        if (held.length) setItems((previous) => held.reduce(applyAgentEvent, previous));
        setError(undefined);
        return true;
      } catch (e) {
        setItems((previous) => previous.filter((item) => item !== shown));
        setError(`Not sent: ${describeError(e)}`);
        return false;
      }
    },
    async abort() {
      try {
        await link.request("chat.abort", { sessionKey, ...(activeRunId ? { runId: activeRunId } : {}) });
      } catch (e) {
        setError(`Could not stop the run: ${describeError(e)}`);
      }
    },
  };
}
