import Type, { type Static } from "typebox";
import { StateVersion } from "./frames.js";

/** Payload of the `connect.challenge` event the gateway sends as soon as a socket opens. */
export const ConnectChallenge = Type.Object(
  {
    nonce: Type.String({ minLength: 1 }),
    ts: Type.Integer({ minimum: 0 }),
    capabilities: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
  },
  { additionalProperties: false },
);
export type ConnectChallenge = Static<typeof ConnectChallenge>;

/** Client ids OpenClaw knows. Claw accepts any id, but its own clients send one of these. */
export const KNOWN_CLIENT_IDS = [
  "webchat-ui",
  "openclaw-control-ui",
  "openclaw-tui",
  "webchat",
  "cli",
  "gateway-client",
  "openclaw-macos",
  "openclaw-linux",
  "openclaw-ios",
  "openclaw-android",
  "node-host",
  "test",
  "openclaw-probe",
] as const;

export const CLIENT_MODES = ["webchat", "cli", "ui", "backend", "node", "worker", "probe", "test"] as const;

const NonEmpty = Type.String({ minLength: 1 });

/** The device block: an ed25519 key, its fingerprint and a signature over the challenge. */
export const DeviceAuth = Type.Object(
  {
    /** sha256 of the raw 32-byte public key, hex. */
    id: NonEmpty,
    /** Raw 32-byte ed25519 public key, base64url. */
    publicKey: NonEmpty,
    /** ed25519 signature of the v3 (or v2) device-auth payload, base64url. */
    signature: NonEmpty,
    signedAt: Type.Integer({ minimum: 0 }),
    nonce: NonEmpty,
  },
  { additionalProperties: false },
);
export type DeviceAuth = Static<typeof DeviceAuth>;

export const ConnectAuth = Type.Object(
  {
    token: Type.Optional(Type.String()),
    bootstrapToken: Type.Optional(Type.String()),
    deviceToken: Type.Optional(Type.String()),
    password: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const ClientInfo = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 128 }),
    displayName: Type.Optional(NonEmpty),
    version: NonEmpty,
    buildId: Type.Optional(Type.String({ minLength: 1, maxLength: 96 })),
    platform: NonEmpty,
    deviceFamily: Type.Optional(NonEmpty),
    modelIdentifier: Type.Optional(NonEmpty),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    mode: Type.Union([
      Type.Literal("webchat"),
      Type.Literal("cli"),
      Type.Literal("ui"),
      Type.Literal("backend"),
      Type.Literal("node"),
      Type.Literal("worker"),
      Type.Literal("probe"),
      Type.Literal("test"),
    ]),
    instanceId: Type.Optional(NonEmpty),
  },
  { additionalProperties: false },
);
export type ClientInfo = Static<typeof ClientInfo>;

/** `connect` params, compatible with OpenClaw's `ConnectParams`. */
export const ConnectParams = Type.Object(
  {
    minProtocol: Type.Integer({ minimum: 1 }),
    maxProtocol: Type.Integer({ minimum: 1 }),
    client: ClientInfo,
    caps: Type.Optional(Type.Array(NonEmpty)),
    commands: Type.Optional(Type.Array(NonEmpty)),
    permissions: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
    pathEnv: Type.Optional(Type.String()),
    role: Type.Optional(NonEmpty),
    scopes: Type.Optional(Type.Array(NonEmpty)),
    device: Type.Optional(DeviceAuth),
    auth: Type.Optional(ConnectAuth),
    locale: Type.Optional(Type.String()),
    userAgent: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type ConnectParams = Static<typeof ConnectParams>;

/** One row of the presence list (a subset of OpenClaw's `PresenceEntry`). */
export const PresenceEntry = Type.Object(
  {
    host: Type.Optional(NonEmpty),
    clientId: Type.Optional(NonEmpty),
    ip: Type.Optional(NonEmpty),
    version: Type.Optional(NonEmpty),
    platform: Type.Optional(NonEmpty),
    deviceFamily: Type.Optional(NonEmpty),
    mode: Type.Optional(NonEmpty),
    reason: Type.Optional(NonEmpty),
    text: Type.Optional(Type.String()),
    ts: Type.Integer({ minimum: 0 }),
    onlineSince: Type.Optional(Type.Integer({ minimum: 0 })),
    deviceId: Type.Optional(NonEmpty),
    roles: Type.Optional(Type.Array(NonEmpty)),
    scopes: Type.Optional(Type.Array(NonEmpty)),
    instanceId: Type.Optional(NonEmpty),
  },
  { additionalProperties: false },
);
export type PresenceEntry = Static<typeof PresenceEntry>;

const SessionsSummary = Type.Object(
  {
    path: Type.String(),
    count: Type.Integer({ minimum: 0 }),
    recent: Type.Array(
      Type.Object(
        {
          key: Type.String(),
          updatedAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
          age: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** The `health` result and snapshot (the subset of OpenClaw's health summary Claw fills in). */
export const HealthSummary = Type.Object(
  {
    ok: Type.Literal(true),
    ts: Type.Integer({ minimum: 0 }),
    durationMs: Type.Integer({ minimum: 0 }),
    configReload: Type.Optional(
      Type.Object(
        { hotReloadStatus: Type.Union([Type.Literal("active"), Type.Literal("disabled")]) },
        { additionalProperties: false },
      ),
    ),
    channels: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    channelOrder: Type.Optional(Type.Array(Type.String())),
    channelLabels: Type.Optional(Type.Record(Type.String(), Type.String())),
    heartbeatSeconds: Type.Optional(Type.Integer({ minimum: 0 })),
    defaultAgentId: Type.Optional(Type.String()),
    /**
     * Per agent, exactly as OpenClaw's closed schema has it: the `heartbeat` settings and the
     * agent's sessions. The next beat and the last outcome are in `status` (`heartbeat.agents`).
     */
    agents: Type.Optional(
      Type.Array(
        Type.Object(
          {
            agentId: Type.String(),
            name: Type.Optional(Type.String()),
            isDefault: Type.Boolean(),
            heartbeat: Type.Object(
              {
                enabled: Type.Boolean(),
                every: Type.String(),
                everyMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
                prompt: Type.String(),
                target: Type.String(),
                model: Type.Optional(Type.String()),
                session: Type.Optional(Type.String()),
                ackMaxChars: Type.Integer({ minimum: 0 }),
              },
              { additionalProperties: false },
            ),
            sessions: SessionsSummary,
          },
          { additionalProperties: false },
        ),
      ),
    ),
    sessions: Type.Optional(SessionsSummary),
  },
  { additionalProperties: false },
);
export type HealthSummary = Static<typeof HealthSummary>;

export const Snapshot = Type.Object(
  {
    presence: Type.Array(PresenceEntry),
    health: HealthSummary,
    stateVersion: StateVersion,
    uptimeMs: Type.Integer({ minimum: 0 }),
    stateDir: Type.Optional(NonEmpty),
    authMode: Type.Optional(
      Type.Union([Type.Literal("none"), Type.Literal("token"), Type.Literal("password")]),
    ),
    sessionDefaults: Type.Optional(
      Type.Object(
        {
          defaultAgentId: NonEmpty,
          mainKey: NonEmpty,
          mainSessionKey: NonEmpty,
          scope: Type.Optional(NonEmpty),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type Snapshot = Static<typeof Snapshot>;

/** The payload of a successful `connect` response. */
export const HelloOk = Type.Object(
  {
    type: Type.Literal("hello-ok"),
    protocol: Type.Integer({ minimum: 1 }),
    server: Type.Object(
      {
        version: NonEmpty,
        bootId: Type.Optional(Type.String({ minLength: 1, maxLength: 96 })),
        connId: NonEmpty,
      },
      { additionalProperties: false },
    ),
    features: Type.Object(
      {
        methods: Type.Array(NonEmpty),
        events: Type.Array(NonEmpty),
        capabilities: Type.Optional(Type.Array(NonEmpty)),
      },
      { additionalProperties: false },
    ),
    snapshot: Snapshot,
    auth: Type.Object(
      {
        method: Type.Optional(
          Type.Union([
            Type.Literal("none"),
            Type.Literal("token"),
            Type.Literal("password"),
            Type.Literal("device-token"),
          ]),
        ),
        deviceToken: Type.Optional(NonEmpty),
        role: NonEmpty,
        scopes: Type.Array(NonEmpty),
        issuedAtMs: Type.Optional(Type.Integer({ minimum: 0 })),
      },
      { additionalProperties: false },
    ),
    policy: Type.Object(
      {
        maxPayload: Type.Integer({ minimum: 1 }),
        maxBufferedBytes: Type.Integer({ minimum: 1 }),
        tickIntervalMs: Type.Integer({ minimum: 1 }),
        /** `chat.send` attachments: largest total of one message, and largest image. */
        attachments: Type.Optional(
          Type.Object(
            { maxBytes: Type.Integer({ minimum: 0 }), maxImageBytes: Type.Integer({ minimum: 0 }) },
            { additionalProperties: true },
          ),
        ),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type HelloOk = Static<typeof HelloOk>;

/** `tick` event payload. */
export const TickEvent = Type.Object({ ts: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
/** `shutdown` event payload; `restartExpectedMs` hints when to reconnect. */
export const ShutdownEvent = Type.Object(
  { reason: NonEmpty, restartExpectedMs: Type.Optional(Type.Integer({ minimum: 0 })) },
  { additionalProperties: false },
);
export type ShutdownEvent = Static<typeof ShutdownEvent>;
