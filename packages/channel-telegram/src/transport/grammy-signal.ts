/** grammY types its AbortSignal with the `abort-controller` shim; Node's signal is the same at run time. */
import type { Api } from "grammy";

export type GrammySignal = NonNullable<Parameters<Api["getMe"]>[0]>;

export const grammySignal = (signal: AbortSignal): GrammySignal => signal as unknown as GrammySignal;
