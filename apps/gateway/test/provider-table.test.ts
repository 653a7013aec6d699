/**
 * The provider table is the one source for provider facts: every row reaches the catalog, the
 * gateway's credentials and memory embeddings. A new row that one of them misses fails here.
 */
import { validateConfig } from "@claw/config";
import { EMBEDDING_PROVIDER_TABLE_IDS, type RemoteEmbeddingConfig } from "@claw/memory";
import { MODEL_CATALOG, PROVIDER_TABLE } from "@claw/providers";
import { loadSqliteDriver } from "@claw/sqlite";
import { describe, expect, it } from "vitest";
import { assembleAuth } from "../src/assemble/auth.js";
import { memoryIndexOptions } from "../src/assemble/memory.js";
import { createModelResolver } from "../src/assemble/models.js";
import { PROVIDER_ENV_KEYS } from "../src/paths.js";

/** The better-sqlite3 build this Node uses (the one the code under test opens). */
const Database = loadSqliteDriver();

function config() {
  const result = validateConfig({});
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
}

async function credentialsWith(env: Record<string, string>) {
  return assembleAuth({
    config: config(),
    models: createModelResolver(config()),
    agentDirs: [],
    db: new Database(":memory:"),
    env,
  });
}

describe.each(PROVIDER_TABLE.map((row) => [row.id, row] as const))("provider %s", (id, row) => {
  it("the catalog's models of this provider use its API and endpoint", () => {
    for (const model of MODEL_CATALOG.filter((m) => m.provider === id)) {
      expect(model.api).toBe(row.api);
      expect(model.baseUrl).toBe(row.baseUrl);
    }
  });

  it("credentials: keyless needs nothing, otherwise each env key is read", async () => {
    const none = await credentialsWith({});
    expect(none.hasCredential(id)).toBe(row.keyless);
    expect(PROVIDER_ENV_KEYS[id] ?? []).toEqual(row.envKeys);
    for (const name of row.envKeys) {
      const auth = await credentialsWith({ [name]: `key-of-${name}` });
      expect(auth.hasCredential(id)).toBe(true);
      expect(auth.profiles).toContainEqual(
        expect.objectContaining({ provider: id, apiKey: `key-of-${name}` }),
      );
    }
  });

  it("memory embeddings backed by this provider read its env keys", () => {
    const embeddings = Object.entries(EMBEDDING_PROVIDER_TABLE_IDS).filter(([, provider]) => provider === id);
    for (const [embedding] of embeddings) {
      const result = validateConfig({ agents: { defaults: { memorySearch: { provider: embedding } } } });
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      for (const name of row.envKeys) {
        const options = memoryIndexOptions(result.config, "default", {
          stateDir: "/s",
          workspaceDir: "/w",
          env: { [name]: `key-of-${name}` },
        });
        expect((options?.embedding as RemoteEmbeddingConfig | undefined)?.apiKey).toBe(`key-of-${name}`);
      }
    }
  });
});

describe("provider table coverage", () => {
  it("every catalog provider and every embedding provider has a row", () => {
    const ids = new Set(PROVIDER_TABLE.map((row) => row.id));
    for (const model of MODEL_CATALOG) expect(ids).toContain(model.provider);
    for (const provider of Object.values(EMBEDDING_PROVIDER_TABLE_IDS)) expect(ids).toContain(provider);
  });
});
