/** A request's result as component state: loads on mount, on reconnect and on `reload()`. */
import type { MethodName, MethodResult, RequestArgs } from "@claw/client/browser";
import { useEffect, useState } from "preact/hooks";
import { describeError, type GatewayLink } from "./link.js";
import { useStore } from "./store.js";

export interface RequestState<T> {
  data?: T;
  error?: string;
  loading: boolean;
  reload(): void;
}

export function useRequest<M extends MethodName>(
  link: GatewayLink,
  method: M,
  ...args: RequestArgs<M>
): RequestState<MethodResult<M>> {
  const [state, setState] = useState<{ data?: MethodResult<M>; error?: string; loading: boolean }>({
    loading: true,
  });
  const [reloads, setReloads] = useState(0);
  const generation = useStore(link.generation);
  const link_state = useStore(link.state);
  const key = JSON.stringify(args[0] ?? null);
  useEffect(() => {
    if (link_state.phase !== "connected") return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    link
      .request(method, ...args)
      .then((data) => live && setState({ data, loading: false }))
      .catch((e: unknown) => live && setState((s) => ({ ...s, error: describeError(e), loading: false })));
    return () => {
      live = false;
    };
  }, [link, method, key, reloads, generation, link_state.phase]);
  return { ...state, reload: () => setReloads((n) => n + 1) };
}
