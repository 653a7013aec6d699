/** The gateway log, followed live (`logs.tail` from the last cursor) while the panel is shown. */
import { useEffect, useRef, useState } from "preact/hooks";
import { describeError, type GatewayLink } from "../gateway/link.js";
import { Panel } from "./panel.js";

const POLL_MS = 1500;
const KEEP_LINES = 500;

export function LogTail({ link }: { link: GatewayLink }) {
  const [lines, setLines] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [paused, setPaused] = useState(false);
  const box = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (paused) return;
    let cursor: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const poll = async () => {
      try {
        const tail = await link.request("logs.tail", {
          limit: 200,
          maxBytes: 200_000,
          ...(cursor === undefined ? {} : { cursor }),
        });
        if (!live) return;
        cursor = tail.cursor;
        if (tail.lines.length)
          setLines((old) => (tail.reset ? tail.lines : [...old, ...tail.lines]).slice(-KEEP_LINES));
        setError(undefined);
      } catch (e) {
        if (live) setError(describeError(e));
      }
      if (live) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [link, paused]);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines]);
  return (
    <Panel title="Log" error={error}>
      <button type="button" onClick={() => setPaused((p) => !p)} aria-pressed={paused}>
        {paused ? "Resume" : "Pause"}
      </button>
      <pre class="log mono" ref={box} role="log" aria-label="Gateway log">
        {lines.join("\n")}
      </pre>
    </Panel>
  );
}
