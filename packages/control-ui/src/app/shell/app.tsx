/** The page: sign-in, then navigation, a connection banner, the current tab and approval prompts. */
import { ApprovalPrompt } from "../approvals/approval-prompt.js";
import { ChatView } from "../chat/chat-view.js";
import { ConfigView } from "../config/config-view.js";
import type { GatewayLink } from "../gateway/link.js";
import { useStore } from "../gateway/store.js";
import { SessionsView } from "../sessions/sessions-view.js";
import { StatusView } from "../status/status-view.js";
import { Login } from "./login.js";
import { currentTab, openTab, TABS, type Tab } from "./navigation.js";
import { nextTheme, theme } from "./theme.js";

const TAB_LABELS: Record<Tab, string> = {
  chat: "Chat",
  sessions: "Sessions",
  config: "Config",
  status: "Status",
};

function Banner({ link }: { link: GatewayLink }) {
  const state = useStore(link.state);
  if (state.phase !== "reconnecting") return null;
  return (
    <p class="banner" role="status">
      Reconnecting to the gateway… ({state.reason}). Your draft and view are kept.
    </p>
  );
}

export function App({ link }: { link: GatewayLink }) {
  const state = useStore(link.state);
  const tab = useStore(currentTab);
  const themeChoice = useStore(theme);
  if (state.phase === "signed-out" || state.phase === "connecting")
    return (
      <Login
        link={link}
        busy={state.phase === "connecting"}
        {...(state.phase === "signed-out" && state.error ? { error: state.error } : {})}
      />
    );
  return (
    <div class="shell">
      <nav class="nav" aria-label="Main">
        <span class="brand" aria-hidden="true">
          Claw
        </span>
        <ul>
          {TABS.map((name) => (
            <li key={name}>
              <a
                href={`#/${name}`}
                aria-current={tab === name ? "page" : undefined}
                onClick={() => openTab(name)}
              >
                {TAB_LABELS[name]}
              </a>
            </li>
          ))}
        </ul>
        <div class="nav-tools">
          <span
            class={`dot ${state.phase === "connected" ? "dot-ok" : "dot-warn"}`}
            role="img"
            aria-label={state.phase === "connected" ? "Connected" : "Reconnecting"}
          />
          <button
            type="button"
            class="link-button"
            onClick={() => theme.set(nextTheme(themeChoice))}
            aria-label={`Theme: ${themeChoice}. Switch theme`}
          >
            {themeChoice === "dark" ? "Dark" : themeChoice === "light" ? "Light" : "Auto"}
          </button>
          <button type="button" class="link-button" onClick={() => void link.signOut()}>
            Sign out
          </button>
        </div>
      </nav>
      <Banner link={link} />
      <main class="main" id="main">
        {tab === "chat" && <ChatView link={link} />}
        {tab === "sessions" && <SessionsView link={link} />}
        {tab === "config" && <ConfigView link={link} />}
        {tab === "status" && <StatusView link={link} />}
      </main>
      <ApprovalPrompt link={link} />
    </div>
  );
}
