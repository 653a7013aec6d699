import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LanceDbMemoryStore } from "../src/store/lancedb/store.js";
import { SqliteMemoryStore } from "../src/store/sqlite/store.js";
import { describeStoreContract } from "./store-contract.js";

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "claw-memory-store-"));
}

describeStoreContract("sqlite", async () => {
  const dir = tempDir();
  return {
    store: new SqliteMemoryStore({ path: join(dir, "main.sqlite") }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
});

describeStoreContract("lancedb", async () => {
  const dir = tempDir();
  return {
    store: await LanceDbMemoryStore.open({ uri: join(dir, "main.lance") }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
});
