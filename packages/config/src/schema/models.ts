/** `models` (provider endpoints and custom model data) and `auth` (credential profiles and order). */
import Type from "typebox";
import { closedObject, PositiveInteger, recordOf, section } from "./primitives.js";

export const CustomModel = closedObject({
  id: Type.String({ minLength: 1 }),
  name: Type.Optional(Type.String()),
  api: Type.Optional(Type.String({ minLength: 1 })),
  contextWindow: Type.Optional(PositiveInteger),
  maxTokens: Type.Optional(PositiveInteger),
  input: Type.Optional(Type.Array(Type.Enum(["text", "image"]), { minItems: 1 })),
  reasoning: Type.Optional(Type.Boolean()),
  cost: Type.Optional(
    closedObject(
      {
        input: Type.Number({ minimum: 0 }),
        output: Type.Number({ minimum: 0 }),
        cacheRead: Type.Optional(Type.Number({ minimum: 0 })),
        cacheWrite: Type.Optional(Type.Number({ minimum: 0 })),
      },
      { description: "USD per one million tokens." },
    ),
  ),
  headers: Type.Optional(recordOf(Type.String())),
  cacheControlTtl: Type.Optional(Type.Enum(["5m", "1h"])),
});

export const ModelProviderConfig = closedObject({
  api: Type.Optional(
    Type.String({
      minLength: 1,
      description: 'Wire protocol, e.g. "anthropic-messages", "openai-completions", "openai-responses".',
    }),
  ),
  baseUrl: Type.Optional(
    Type.String({ pattern: "^https?://", "x-hint": "start the URL with http:// or https://" }),
  ),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${ENV} reference shown to the user
  apiKey: Type.Optional(Type.String({ description: 'May reference the environment: "${OPENAI_API_KEY}".' })),
  headers: Type.Optional(recordOf(Type.String())),
  models: Type.Optional(Type.Array(CustomModel)),
});

export const ModelsConfig = section({
  mode: Type.Enum(["merge", "replace"], {
    default: "merge",
    description: "merge: custom providers add to the built-in catalog; replace: only these are known.",
  }),
  providers: Type.Optional(recordOf(ModelProviderConfig)),
});

export const AuthProfile = closedObject({
  provider: Type.String({ minLength: 1 }),
  mode: Type.Enum(["api_key", "oauth", "token"], { default: "api_key" }),
  apiKey: Type.Optional(
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${ENV} reference shown to the user
    Type.String({ description: 'Usually "${ENV_NAME}"; OAuth tokens live in the state dir.' }),
  ),
  email: Type.Optional(Type.String()),
});

export const AuthConfig = section({
  profiles: Type.Optional(recordOf(AuthProfile)),
  order: Type.Optional(
    recordOf(Type.Array(Type.String()), { description: "Profile ids to try, per provider." }),
  ),
  cooldowns: section({
    rateLimitMinutes: Type.Integer({ minimum: 0, default: 5 }),
    billingBackoffHours: Type.Integer({ minimum: 0, default: 5 }),
  }),
});
