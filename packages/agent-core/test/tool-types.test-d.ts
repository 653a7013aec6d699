/**
 * Type tests: the tool contract in @claw/providers names no schema library, and `TypedTool`
 * derives `execute`'s arguments from a TypeBox schema, so tool authors keep typed args and a
 * typed tool still fits a plain `AgentTool[]` without a cast.
 */
import { Type } from "typebox";
import { describe, expectTypeOf, it } from "vitest";
import { type AgentTool, type TypedTool, textResult } from "../src/index.js";

const Params = Type.Object({ city: Type.String(), days: Type.Optional(Type.Integer()) });

describe("tool contract types", () => {
  it("types execute's arguments from the TypeBox schema", () => {
    const weather: TypedTool<typeof Params> = {
      name: "weather",
      description: "Weather for a city",
      parameters: Params,
      async execute(args) {
        expectTypeOf(args).toEqualTypeOf<{ city: string; days?: number }>();
        return textResult(args.city);
      },
    };
    const list: AgentTool[] = [weather];
    expectTypeOf(list).toEqualTypeOf<AgentTool[]>();
  });

  it("rejects arguments the schema does not have", () => {
    const broken: TypedTool<typeof Params> = {
      name: "weather",
      description: "Weather for a city",
      parameters: Params,
      async execute(args) {
        // @ts-expect-error `country` is not a parameter
        return textResult(args.country);
      },
    };
    expectTypeOf(broken.parameters).toEqualTypeOf<typeof Params>();
  });

  it("accepts a hand-written JSON Schema with declared argument types", () => {
    const schema = { type: "object", properties: { zone: { type: "string" } } } as const;
    const now: AgentTool<typeof schema, { zone?: string }> = {
      name: "now",
      description: "The current time",
      parameters: schema,
      async execute({ zone }) {
        expectTypeOf(zone).toEqualTypeOf<string | undefined>();
        return textResult(new Date().toLocaleString("en", { timeZone: zone }));
      },
    };
    expectTypeOf(now).toMatchTypeOf<AgentTool>();
  });
});
