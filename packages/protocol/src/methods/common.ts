import Type from "typebox";

export const NonEmpty = Type.String({ minLength: 1 });
export const EmptyParams = Type.Object({}, { additionalProperties: false });
export const Timestamp = Type.Integer({ minimum: 0 });
/** Side-effecting methods carry one; a repeat within the dedupe window returns the first result. */
export const IdempotencyKey = Type.String({ minLength: 1, maxLength: 256 });
export const OkResult = Type.Object({ ok: Type.Literal(true) }, { additionalProperties: false });
