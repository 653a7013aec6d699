/** Onboarding and `claw models status` read the provider table: every row reaches them. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validateConfig } from "@claw/config";
import { PROVIDER_TABLE } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { ONBOARD_PROVIDERS } from "../src/commands/onboard/providers.js";
import { listCredentials } from "../src/local-state/credentials.js";

describe.each(PROVIDER_TABLE.map((row) => [row.id, row] as const))("provider %s", (id, row) => {
  it("onboarding offers it exactly when the row has onboarding facts", () => {
    const choice = ONBOARD_PROVIDERS.find((p) => p.provider === id);
    if (!row.onboarding) {
      expect(choice).toBeUndefined();
      return;
    }
    expect(choice).toMatchObject({
      id,
      label: row.onboarding.label,
      key: row.keyless ? "none" : "required",
      ...(row.envKeys[0] ? { envKey: row.envKeys[0] } : {}),
      ...(row.onboarding.defaultModel ? { defaultModel: row.onboarding.defaultModel } : {}),
      ...(row.onboarding.asksForUrl ? { url: { default: row.baseUrl } } : {}),
    });
  });

  it("the CLI's credential listing reads each env key", async () => {
    const result = validateConfig({});
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const stateDir = mkdtempSync(join(tmpdir(), "claw-cli-table-"));
    for (const name of row.envKeys) {
      const found = await listCredentials(result.config, stateDir, { [name]: "k" });
      expect(found).toContainEqual({ provider: id, profileId: `${id}:env`, source: `env ${name}` });
    }
  });
});
