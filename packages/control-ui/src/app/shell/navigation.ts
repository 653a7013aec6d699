/**
 * Where the page is: the tab (in the URL hash, so Back works and a reload returns there) and the
 * chat's agent and session (in localStorage, so a reconnect or reload keeps the view).
 */
import { createStore } from "../gateway/store.js";

export const TABS = ["chat", "sessions", "config", "status"] as const;
export type Tab = (typeof TABS)[number];

function tabFromHash(): Tab {
  const name = location.hash.replace(/^#\/?/, "");
  return (TABS as readonly string[]).includes(name) ? (name as Tab) : "chat";
}

export const currentTab = createStore<Tab>(tabFromHash());
addEventListener("hashchange", () => currentTab.set(tabFromHash()));

/** Opens a tab. */
export function openTab(tab: Tab): void {
  if (location.hash !== `#/${tab}`) location.hash = `#/${tab}`;
  currentTab.set(tab);
}

export interface ChatTarget {
  agentId?: string;
  sessionKey?: string;
}

const TARGET_KEY = "claw.chatTarget";

function loadTarget(): ChatTarget {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(TARGET_KEY) ?? "{}");
    if (typeof parsed !== "object" || parsed === null) return {};
    const { agentId, sessionKey } = parsed as Record<string, unknown>;
    return {
      ...(typeof agentId === "string" ? { agentId } : {}),
      ...(typeof sessionKey === "string" ? { sessionKey } : {}),
    };
  } catch {
    return {};
  }
}

export const chatTarget = createStore<ChatTarget>(loadTarget());
chatTarget.subscribe((target) => localStorage.setItem(TARGET_KEY, JSON.stringify(target)));

/** Opens a session in the chat tab. */
export function openSession(sessionKey: string, agentId?: string): void {
  chatTarget.set({ sessionKey, ...(agentId ? { agentId } : {}) });
  openTab("chat");
}
