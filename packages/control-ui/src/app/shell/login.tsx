/** The sign-in form: the gateway token, entered once and kept in this browser's storage. */
import { useState } from "preact/hooks";
import type { GatewayLink } from "../gateway/link.js";

export function Login({ link, error, busy }: { link: GatewayLink; error?: string; busy: boolean }) {
  const [token, setToken] = useState("");
  return (
    <main class="login">
      <form
        class="card"
        onSubmit={(event) => {
          event.preventDefault();
          if (token.trim()) void link.signIn(token.trim());
        }}
      >
        <h1>Claw Control</h1>
        <p>
          Enter the gateway token (<code>claw config get gateway.auth.token</code>, or the{" "}
          <code>CLAW_GATEWAY_TOKEN</code> the gateway was started with). It is kept in this browser only and
          sent only inside the WebSocket.
        </p>
        <label for="token">Gateway token</label>
        <input
          id="token"
          type="password"
          autoComplete="current-password"
          value={token}
          onInput={(event) => setToken((event.target as HTMLInputElement).value)}
          aria-describedby={error ? "login-error" : undefined}
          aria-invalid={error ? true : undefined}
        />
        {error && (
          <p id="login-error" class="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy || token.trim() === ""}>
          {busy ? "Connecting…" : "Connect"}
        </button>
      </form>
    </main>
  );
}
