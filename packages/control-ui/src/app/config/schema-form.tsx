/**
 * A form generated from the config's JSON Schema: objects become groups (top-level sections
 * collapse and render only when opened), booleans checkboxes, enums selects, numbers and strings
 * inputs, string lists one-per-line boxes, and anything richer a small JSON box. Each field shows
 * its description and its own validation problems inline.
 */
import type { ConfigIssue } from "@claw/config";
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { formatPath, getAt, isObject, issuesUnder, type JsonObject, type Path } from "./config-model.js";

type Schema = JsonObject;

export interface FieldProps {
  schema: Schema;
  path: Path;
  document: JsonObject;
  issues: Map<string, ConfigIssue[]>;
  onChange(path: Path, value: unknown): void;
}

function fieldId(path: Path): string {
  return `cfg-${formatPath(path).replace(/[^\w-]/g, "_")}`;
}

function enumValues(schema: Schema): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if (Array.isArray(schema.anyOf) && schema.anyOf.every((b) => isObject(b) && "const" in b))
    return schema.anyOf.map((b) => (b as Schema).const);
  return undefined;
}

function kindOf(schema: Schema): "object" | "boolean" | "enum" | "number" | "string" | "list" | "json" {
  if (enumValues(schema)) return "enum";
  if (schema.type === "object" && isObject(schema.properties)) return "object";
  if (schema.type === "boolean") return "boolean";
  if (schema.type === "integer" || schema.type === "number") return "number";
  if (schema.type === "string") return "string";
  if (schema.type === "array" && isObject(schema.items) && schema.items.type === "string") return "list";
  return "json";
}

function Issues({ id, list }: { id: string; list: ConfigIssue[] }) {
  if (list.length === 0) return null;
  return (
    <ul class="field-error" id={`${id}-error`} role="alert">
      {list.map((issue, i) => (
        <li key={i}>
          {issue.message}
          {issue.hint ? ` (${issue.hint})` : ""}
        </li>
      ))}
    </ul>
  );
}

function JsonBox({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  value: unknown;
  onChange(v: unknown): void;
  describedBy: string;
}) {
  const [text, setText] = useState(() => (value === undefined ? "" : JSON.stringify(value, null, 2)));
  const [error, setError] = useState<string | undefined>();
  return (
    <>
      <textarea
        id={id}
        class="mono"
        rows={Math.min(12, Math.max(2, text.split("\n").length))}
        value={text}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onInput={(event) => {
          const next = (event.target as HTMLTextAreaElement).value;
          setText(next);
          if (next.trim() === "") {
            setError(undefined);
            onChange(undefined);
            return;
          }
          try {
            onChange(JSON.parse(next));
            setError(undefined);
          } catch (e) {
            setError(`not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
          }
        }}
      />
      {error && <p class="field-error">{error}</p>}
    </>
  );
}

function Leaf({ schema, path, document, issues, onChange }: FieldProps) {
  const id = fieldId(path);
  const value = getAt(document, path);
  const list = issuesUnder(issues, path, true);
  const describedBy = [schema.description ? `${id}-help` : "", list.length ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  const name = String(path.at(-1));
  const kind = kindOf(schema);
  const common = {
    id,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": list.length ? true : undefined,
  };
  let control: ComponentChildren;
  if (kind === "boolean")
    control = (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(e) => onChange(path, (e.target as HTMLInputElement).checked)}
      />
    );
  else if (kind === "enum") {
    const values = enumValues(schema) ?? [];
    control = (
      <select
        {...common}
        value={value === undefined ? "" : String(value)}
        onChange={(e) => {
          const text = (e.target as HTMLSelectElement).value;
          onChange(path, text === "" ? undefined : values.find((v) => String(v) === text));
        }}
      >
        <option value="">(default)</option>
        {values.map((v) => (
          <option key={String(v)} value={String(v)}>
            {String(v)}
          </option>
        ))}
      </select>
    );
  } else if (kind === "number" || kind === "string")
    control = (
      <input
        {...common}
        type="text"
        inputMode={kind === "number" ? "numeric" : undefined}
        value={value === undefined || value === null ? "" : String(value)}
        onInput={(e) => {
          const text = (e.target as HTMLInputElement).value;
          if (text === "") return onChange(path, undefined);
          const n = Number(text);
          onChange(path, kind === "number" && text.trim() !== "" && Number.isFinite(n) ? n : text);
        }}
      />
    );
  else if (kind === "list")
    control = (
      <textarea
        {...common}
        rows={3}
        value={Array.isArray(value) ? value.join("\n") : ""}
        onInput={(e) => {
          const lines = (e.target as HTMLTextAreaElement).value
            .split("\n")
            .map((l) => l.trim())
            .filter(Boolean);
          onChange(path, lines);
        }}
      />
    );
  else
    control = <JsonBox id={id} value={value} describedBy={describedBy} onChange={(v) => onChange(path, v)} />;
  return (
    <div class={`field field-${kind}`}>
      <label for={id}>{name}</label>
      {control}
      {typeof schema.description === "string" && (
        <p class="help" id={`${id}-help`}>
          {schema.description}
        </p>
      )}
      <Issues id={id} list={list} />
    </div>
  );
}

function Group({ schema, path, document, issues, onChange }: FieldProps) {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const [open, setOpen] = useState(false);
  const count = issuesUnder(issues, path, false).length;
  const title = String(path.at(-1) ?? "config");
  const body = Object.entries(properties).map(([key, child]) => (
    <SchemaField
      key={key}
      schema={child}
      path={[...path, key]}
      document={document}
      issues={issues}
      onChange={onChange}
    />
  ));
  const own = issuesUnder(issues, path, true);
  return (
    <details
      class="group"
      open={open || count > 0}
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary>
        {title}
        {count > 0 && (
          <span class="badge badge-error">
            {count} problem{count === 1 ? "" : "s"}
          </span>
        )}
      </summary>
      {typeof schema.description === "string" && <p class="help">{schema.description}</p>}
      <Issues id={fieldId(path)} list={own} />
      {(open || count > 0) && <div class="group-body">{body}</div>}
    </details>
  );
}

export function SchemaField(props: FieldProps) {
  return kindOf(props.schema) === "object" ? <Group {...props} /> : <Leaf {...props} />;
}
