/** Model cooldowns: each credential the gateway holds and what the failover keeps it from now. */
import type { MethodResult } from "@claw/client/browser";
import type { GatewayLink } from "../gateway/link.js";
import { useRequest } from "../gateway/use-request.js";
import { timeAgo, timeUntil } from "../shell/format.js";
import { Panel } from "./panel.js";

type Profile = MethodResult<"models.authStatus">["profiles"][number];

/** "rate_limit" → "rate limit". */
const reasonText = (reason: string) => reason.replace(/_/g, " ");

function scopeText(cooldown: Profile["cooldowns"][number]): string {
  if (cooldown.scope === "model") return cooldown.modelId ?? "one model";
  return cooldown.scope === "disabled" ? "disabled" : "all models";
}

function ProfileRow({ profile }: { profile: Profile }) {
  return (
    <li class="cooldown-row">
      <span>
        {profile.profileId}
        <span class="small muted"> · last used {timeAgo(profile.lastUsedAt)}</span>
      </span>
      {profile.cooldowns.length === 0 ? (
        <span class="badge badge-ok">ready</span>
      ) : (
        <span class="cooldowns">
          {profile.cooldowns.map((c) => (
            <span key={`${c.scope}:${c.modelId ?? ""}`} class="badge badge-error">
              {scopeText(c)}: {reasonText(c.reason)} ×{c.failures}, {timeUntil(c.until)}
            </span>
          ))}
        </span>
      )}
    </li>
  );
}

export function CooldownsPanel({ link }: { link: GatewayLink }) {
  const auth = useRequest(link, "models.authStatus", {});
  const profiles = auth.data?.profiles ?? [];
  const cooling = profiles.filter((p) => p.cooldowns.length > 0).length;
  return (
    <Panel title="Model cooldowns" error={auth.error} onRefresh={auth.reload}>
      {auth.data && (
        <p class="small muted">
          {profiles.length === 0
            ? "No credentials: only keyless providers can answer."
            : `${profiles.length} credential${profiles.length === 1 ? "" : "s"}, ${cooling} cooling down.`}
          {auth.data.keyless.length > 0 && ` Keyless: ${auth.data.keyless.join(", ")}.`}
        </p>
      )}
      <ul class="kv">
        {profiles.map((p) => (
          <ProfileRow key={p.profileId} profile={p} />
        ))}
      </ul>
    </Panel>
  );
}
