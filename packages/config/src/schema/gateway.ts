/** `gateway`: where the WS/HTTP server listens and who may connect. */
import Type from "typebox";
import { closedObject, section } from "./primitives.js";

export const GatewayConfig = section({
  port: Type.Integer({ minimum: 1, maximum: 65_535, default: 18_789 }),
  bind: Type.String({
    minLength: 1,
    default: "loopback",
    description: '"loopback" (127.0.0.1, default), "lan" (all interfaces), or a host/IP to bind.',
  }),
  auth: section({
    mode: Type.Enum(["token", "password", "none"], { default: "token" }),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${ENV} reference shown to the user
    token: Type.Optional(Type.String({ description: 'Shared token; may be "${CLAW_GATEWAY_TOKEN}".' })),
    password: Type.Optional(Type.String()),
    dangerouslyAllowNoAuth: Type.Boolean({
      default: false,
      description:
        'Required for mode "none" (loopback only): every local process and allowed page can then run the agent and its tools.',
    }),
  }),
  controlUi: section({
    enabled: Type.Boolean({ default: true }),
    basePath: Type.String({ pattern: "^/", default: "/", "x-hint": 'start the path with "/"' }),
  }),
  allowedOrigins: Type.Array(Type.String(), {
    default: [],
    description: "Extra browser origins allowed to open a WebSocket (loopback origins always are).",
  }),
  tls: Type.Optional(
    closedObject({
      enabled: Type.Optional(Type.Boolean()),
      certPath: Type.Optional(Type.String()),
      keyPath: Type.Optional(Type.String()),
    }),
  ),
  remote: Type.Optional(
    closedObject({
      url: Type.String({ pattern: "^wss?://", "x-hint": "start the URL with ws:// or wss://" }),
      token: Type.Optional(Type.String()),
      tlsFingerprint: Type.Optional(Type.String()),
    }),
  ),
});
