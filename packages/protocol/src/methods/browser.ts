/**
 * Claw's own `browser.*` methods: the managed browsers the gateway runs for its agents (one per
 * profile, by default one per agent), for `claw browser status|start|stop|profiles`.
 */
import Type, { type Static } from "typebox";
import { Timestamp } from "./common.js";

const Profile = Type.String({
  pattern: "^[a-zA-Z0-9][a-zA-Z0-9_-]{0,63}$",
  description: "A browser profile name.",
});

export const BrowserProfileStatus = Type.Object(
  {
    profile: Profile,
    running: Type.Boolean(),
    headless: Type.Boolean(),
    userDataDir: Type.String(),
    tabs: Type.Integer({ minimum: 0 }),
    startedAtMs: Type.Optional(Timestamp),
    lastUsedAtMs: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export type BrowserProfileStatus = Static<typeof BrowserProfileStatus>;

export const BrowserStatusParams = Type.Object({}, { additionalProperties: false });
export const BrowserStatusResult = Type.Object(
  {
    /** The Chromium the gateway launches, when found. */
    executablePath: Type.Optional(Type.String()),
    /** Why the browser cannot start (Chromium missing), when it cannot. */
    problem: Type.Optional(Type.String()),
    profiles: Type.Array(BrowserProfileStatus),
  },
  { additionalProperties: false },
);

export const BrowserStartParams = Type.Object(
  { profile: Type.Optional(Profile) },
  { additionalProperties: false },
);
export const BrowserStartResult = BrowserProfileStatus;

export const BrowserStopParams = Type.Object(
  { profile: Type.Optional(Profile), all: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const BrowserStopResult = Type.Object(
  { stopped: Type.Array(Profile) },
  { additionalProperties: false },
);

export const BrowserProfilesParams = Type.Object({}, { additionalProperties: false });
export const BrowserProfilesResult = Type.Object(
  { profiles: Type.Array(BrowserProfileStatus) },
  { additionalProperties: false },
);
