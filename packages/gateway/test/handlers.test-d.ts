/** Type tests: a handler is typed from its method's row; a wrong param or result fails to compile. */
import { describe, expectTypeOf, it } from "vitest";
import type { HandlerTable, MethodHandler } from "../src/methods/types.js";

describe("handler types", () => {
  it("gives each handler its method's params and result", () => {
    expectTypeOf<Parameters<MethodHandler<"sessions.patch">>[0]["params"]>()
      .toHaveProperty("key")
      .toEqualTypeOf<string>();
    const list: MethodHandler<"sessions.list"> = async ({ params }) => {
      // @ts-expect-error sessions.list has no `key` param
      void params.key;
      return { sessions: [], count: 0 };
    };
    // @ts-expect-error chat.abort answers {aborted: number}, not a boolean
    const abort: MethodHandler<"chat.abort"> = async () => ({ aborted: true });
    void [list, abort];
    expectTypeOf<HandlerTable["agent.wait"]>().toEqualTypeOf<MethodHandler<"agent.wait">>();
  });
});
