/**
 * Config: a form from the JSON Schema (validated as you type; nothing is sent while a problem
 * remains) and a raw JSON5 box, both applied through `config.patch` as a merge patch; the answer
 * says which paths took effect live and which need a restart.
 */
import type { ConfigWriteResult } from "@claw/client/browser";
import { GatewayRequestError } from "@claw/client/browser";
import { useEffect, useMemo, useState } from "preact/hooks";
import { describeError, type GatewayLink } from "../gateway/link.js";
import { useRequest } from "../gateway/use-request.js";
import { isObject, type JsonObject, mergePatch, type Path, setAt, validateDocument } from "./config-model.js";
import { SchemaField } from "./schema-form.js";

interface ServerIssue {
  path: string;
  message: string;
  hint?: string;
}

function serverIssues(error: unknown): ServerIssue[] {
  if (!(error instanceof GatewayRequestError)) return [];
  const issues = (error.details as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues) ? (issues as ServerIssue[]) : [];
}

function ApplyResult({ result }: { result: ConfigWriteResult }) {
  if (result.changedPaths.length === 0)
    return (
      <p class="notice notice-info" role="status">
        Nothing changed.
      </p>
    );
  return (
    <div class="notice notice-ok" role="status">
      <p>
        Applied {result.changedPaths.length} change{result.changedPaths.length === 1 ? "" : "s"}.
      </p>
      {result.hotApplied.length > 0 && (
        <p>
          Live now:{" "}
          {result.hotApplied.map((p) => (
            <code key={p}>{p}</code>
          ))}
        </p>
      )}
      {result.restartRequired.length > 0 && (
        <p class="warn">
          Needs a gateway restart:{" "}
          {result.restartRequired.map((p) => (
            <code key={p}>{p}</code>
          ))}
        </p>
      )}
    </div>
  );
}

function useSchema(): { schema?: JsonObject; error?: string } {
  const [state, setState] = useState<{ schema?: JsonObject; error?: string }>({});
  useEffect(() => {
    fetch("./config.schema.json")
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((schema: unknown) =>
        setState(isObject(schema) ? { schema } : { error: "the schema is not an object" }),
      )
      .catch((e: unknown) => setState({ error: `could not load the config schema: ${describeError(e)}` }));
  }, []);
  return state;
}

export function ConfigView({ link }: { link: GatewayLink }) {
  const { schema, error: schemaError } = useSchema();
  const current = useRequest(link, "config.get", {});
  const [draft, setDraft] = useState<JsonObject | undefined>();
  const [mode, setMode] = useState<"form" | "raw">("form");
  const [raw, setRaw] = useState("{\n  \n}\n");
  const [result, setResult] = useState<ConfigWriteResult | undefined>();
  const [failure, setFailure] = useState<{ message: string; issues: ServerIssue[] } | undefined>();
  const [busy, setBusy] = useState(false);
  const original = isObject(current.data?.config) ? current.data.config : undefined;
  useEffect(() => setDraft(original), [original]);
  const issues = useMemo(
    () => (schema && draft ? validateDocument(schema, draft) : new Map()),
    [schema, draft],
  );
  const patch = original && draft ? mergePatch(original, draft) : undefined;

  const send = async (text: string) => {
    setBusy(true);
    setResult(undefined);
    setFailure(undefined);
    try {
      const written = await link.request("config.patch", {
        raw: text,
        ...(current.data ? { baseHash: current.data.hash } : {}),
      });
      setResult(written);
      current.reload();
    } catch (e) {
      setFailure({ message: describeError(e), issues: serverIssues(e) });
    } finally {
      setBusy(false);
    }
  };

  const onChange = (path: Path, value: unknown) => {
    setResult(undefined);
    setDraft((d) => (d ? setAt(d, path, value) : d));
  };

  return (
    <section class="page" aria-labelledby="config-title">
      <header class="page-head">
        <h2 id="config-title">Config</h2>
        <div class="segmented" role="tablist" aria-label="Editor">
          <button type="button" role="tab" aria-selected={mode === "form"} onClick={() => setMode("form")}>
            Form
          </button>
          <button type="button" role="tab" aria-selected={mode === "raw"} onClick={() => setMode("raw")}>
            Raw JSON5
          </button>
        </div>
      </header>
      {current.data?.path && <p class="muted small">File: {current.data.path}</p>}
      {(schemaError ?? current.error) && (
        <p class="notice notice-error" role="alert">
          {schemaError ?? current.error}
        </p>
      )}
      {failure && (
        <div class="notice notice-error" role="alert">
          <p>Not applied: {failure.message}</p>
          {failure.issues.length > 0 && (
            <ul>
              {failure.issues.map((i, n) => (
                <li key={n}>
                  <code>{i.path}</code> {i.message}
                  {i.hint ? ` (${i.hint})` : ""}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {result && <ApplyResult result={result} />}
      {mode === "form" && schema && draft && (
        <form
          class="config-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (issues.size === 0 && patch !== undefined) void send(JSON.stringify(patch));
          }}
        >
          {Object.entries((schema.properties ?? {}) as Record<string, JsonObject>)
            // `$schema` is an editor hint, not a setting.
            .filter(([key]) => !key.startsWith("$"))
            .map(([key, child]) => (
              <SchemaField
                key={key}
                schema={child}
                path={[key]}
                document={draft}
                issues={issues}
                onChange={onChange}
              />
            ))}
          <div class="sticky-actions">
            {issues.size > 0 && (
              <span class="field-error">Fix the marked fields first; nothing is applied until then.</span>
            )}
            <button type="button" disabled={patch === undefined} onClick={() => setDraft(original)}>
              Discard
            </button>
            <button type="submit" class="primary" disabled={busy || issues.size > 0 || patch === undefined}>
              Apply
            </button>
          </div>
        </form>
      )}
      {mode === "raw" && (
        <form
          class="raw-editor"
          onSubmit={(event) => {
            event.preventDefault();
            void send(raw);
          }}
        >
          <label for="raw-config">
            JSON5 merged into the config file (objects merge, other values replace; null removes)
          </label>
          <textarea
            id="raw-config"
            class="mono"
            rows={14}
            spellcheck={false}
            value={raw}
            onInput={(e) => setRaw((e.target as HTMLTextAreaElement).value)}
          />
          <div class="sticky-actions">
            <button type="submit" class="primary" disabled={busy}>
              Apply
            </button>
          </div>
          <details>
            <summary>Current config (secrets redacted)</summary>
            <pre class="mono">{JSON.stringify(original ?? {}, null, 2)}</pre>
          </details>
        </form>
      )}
    </section>
  );
}
