/**
 * LanceDB and Arrow are optional peers of @claw/memory (a ~180 MB native binary most hosts never
 * use): the backend loads them when chosen and names the install command when they are missing.
 */
import { lazyPeer } from "@claw/providers";

/** Loads the LanceDB store module on first use. */
export const loadLanceDbStore = lazyPeer(
  ["@lancedb/lancedb", "apache-arrow"],
  'The memory backend "lancedb"',
  () => import("./store.js"),
);
