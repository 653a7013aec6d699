/**
 * The part of a snapshot that runs inside the page. Playwright serializes `collectSnapshot` as
 * text, so it must not use anything from outside its own body. It walks the visible DOM once,
 * keeps what a model needs to act (interactive controls, headings, landmarks, text) and gives
 * each control a ref that stays the same for as long as the element lives in this document.
 */

// The DOM as this file uses it. Declared here, not through lib "dom", which would change the
// types of every package compiled alongside (they run on Node).
interface DomNode {
  nodeType: number;
  textContent: string | null;
}
interface DomElement extends DomNode {
  tagName: string;
  isConnected: boolean;
  isContentEditable?: boolean;
  childNodes: Iterable<DomNode>;
  children: Iterable<DomElement>;
  /** An open shadow root (web components put their controls there). */
  shadowRoot?: { children: Iterable<DomElement> } | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  checkVisibility(options: { visibilityProperty: boolean }): boolean;
}
/** The fields of inputs, selects, options and textareas read here (absent on other elements). */
interface DomField extends DomElement {
  type?: string;
  value?: string;
  name?: string;
  placeholder?: string;
  checked?: boolean;
  disabled?: boolean;
  selected?: boolean;
  multiple?: boolean;
  labels?: ArrayLike<DomElement> | null;
  selectedOptions?: ArrayLike<DomElement>;
}
declare const window: object;
declare const document: {
  body: DomElement | null;
  documentElement: DomElement;
  getElementById(id: string): DomElement | null;
};

/** The window property holding the refs of the current document (not enumerable). */
export const REFS_KEY = "__clawBrowserRefs";

export interface CollectArgs {
  key: string;
  /** Start at this ref's element instead of the body. */
  rootRef?: string;
  /** Only controls (lines with refs) and headings. */
  interactiveOnly: boolean;
  /** Put before every ref shown (`e5.` inside the iframe whose ref is e5). */
  refPrefix?: string;
}

export interface CollectedLine {
  depth: number;
  text: string;
  ref?: string;
  /** On an iframe's line: its ref in this document (the frame's content is read separately). */
  frame?: string;
}

export interface CollectedSnapshot {
  lines: CollectedLine[];
  /** True when `rootRef` named no live element. */
  missingRoot: boolean;
}

export function collectSnapshot(args: CollectArgs): CollectedSnapshot {
  type RefState = {
    next: number;
    refOf: WeakMap<DomElement, string>;
    byRef: Map<string, WeakRef<DomElement>>;
  };
  const host = window as unknown as Record<string, RefState | undefined>;
  let state = host[args.key];
  if (!state) {
    state = { next: 1, refOf: new WeakMap(), byRef: new Map() };
    Object.defineProperty(window, args.key, { value: state, enumerable: false });
  }
  const refs = state;
  const INTERACTIVE = new Set([
    "link",
    "button",
    "checkbox",
    "radio",
    "textbox",
    "searchbox",
    "spinbutton",
    "slider",
    "combobox",
    "listbox",
    "option",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "tab",
    "switch",
    "treeitem",
  ]);
  const CONTAINERS = new Set(["form", "dialog", "navigation", "main", "table", "list", "region", "iframe"]);
  const SKIPPED_TAGS = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK"]);
  const INPUT_ROLES: Record<string, string> = {
    button: "button",
    submit: "button",
    reset: "button",
    image: "button",
    file: "button",
    checkbox: "checkbox",
    radio: "radio",
    range: "slider",
    number: "spinbutton",
    search: "searchbox",
  };
  const clip = (text: string, max: number) => {
    const flat = text.replace(/\s+/g, " ").trim();
    return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  };
  const quote = (text: string) => JSON.stringify(text);

  const roleOf = (el: DomElement): string | undefined => {
    const explicit = el.getAttribute("role")?.split(" ")[0];
    if (explicit) return explicit;
    const tag = el.tagName;
    if (tag === "A" || tag === "AREA") return el.hasAttribute("href") ? "link" : undefined;
    if (tag === "BUTTON" || tag === "SUMMARY") return "button";
    if (tag === "INPUT") {
      const type = (el.getAttribute("type") ?? "text").toLowerCase();
      return type === "hidden" ? undefined : (INPUT_ROLES[type] ?? "textbox");
    }
    if (tag === "TEXTAREA") return "textbox";
    if (tag === "SELECT") return (el as DomField).multiple ? "listbox" : "combobox";
    if (tag === "OPTION") return "option";
    if (/^H[1-6]$/.test(tag)) return "heading";
    if (tag === "IMG") return el.getAttribute("alt") ? "img" : undefined;
    if (tag === "NAV") return "navigation";
    if (tag === "MAIN") return "main";
    if (tag === "FORM") return "form";
    if (tag === "DIALOG") return "dialog";
    if (tag === "TABLE") return "table";
    if (tag === "UL" || tag === "OL") return "list";
    if (tag === "IFRAME") return "iframe";
    if (el.isContentEditable) return "textbox";
    return undefined;
  };

  const nameOf = (el: DomElement, role: string): string => {
    const label = el.getAttribute("aria-label");
    if (label) return label;
    const labelledBy = el.getAttribute("aria-labelledby");
    if (labelledBy)
      return labelledBy
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
    const field = el as DomField;
    if (field.labels && field.labels.length > 0) return field.labels[0]?.textContent ?? "";
    if (el.tagName === "IMG") return el.getAttribute("alt") ?? "";
    if (el.tagName === "INPUT") {
      const type = field.type;
      if (type === "submit" || type === "reset" || type === "button")
        return field.value || (type === "submit" ? "Submit" : type === "reset" ? "Reset" : "");
      return field.placeholder || el.getAttribute("title") || field.name || "";
    }
    if (el.tagName === "TEXTAREA" || el.tagName === "SELECT")
      return el.getAttribute("placeholder") || el.getAttribute("title") || (field.name ?? "");
    if (role === "form" || role === "list" || role === "table" || role === "iframe")
      return el.getAttribute("title") || el.getAttribute("name") || "";
    return el.textContent || el.getAttribute("title") || "";
  };

  const stateOf = (el: DomElement, role: string): string => {
    const parts: string[] = [];
    if (role === "heading") parts.push(`[level=${el.tagName.slice(1) || el.getAttribute("aria-level")}]`);
    const field = el as DomField;
    if ((role === "checkbox" || role === "radio" || role === "switch") && field.checked)
      parts.push("[checked]");
    if (el.getAttribute("aria-checked") === "true") parts.push("[checked]");
    if (field.disabled || el.getAttribute("aria-disabled") === "true") parts.push("[disabled]");
    if (el.getAttribute("aria-expanded")) parts.push(`[expanded=${el.getAttribute("aria-expanded")}]`);
    if (el.getAttribute("aria-selected") === "true" || field.selected) parts.push("[selected]");
    if (role === "textbox" || role === "searchbox" || role === "spinbutton" || role === "slider") {
      const value = field.value ?? "";
      if (value) parts.push(`value=${field.type === "password" ? '"••••"' : quote(clip(value, 60))}`);
    }
    if (el.tagName === "INPUT" && field.type === "file") parts.push("[file upload]");
    if (role === "combobox" && el.tagName === "SELECT") {
      const selected = field.selectedOptions?.[0];
      if (selected) parts.push(`value=${quote(clip(selected.textContent ?? "", 60))}`);
    }
    if (role === "link") {
      const href = el.getAttribute("href") ?? "";
      if (href && !href.startsWith("javascript:")) parts.push(`-> ${clip(href, 80)}`);
    }
    return parts.length > 0 ? ` ${parts.join(" ")}` : "";
  };

  const refFor = (el: DomElement): string => {
    let ref = refs.refOf.get(el);
    if (!ref) {
      ref = `e${refs.next++}`;
      refs.refOf.set(el, ref);
      refs.byRef.set(ref, new WeakRef(el));
    }
    return ref;
  };

  const lines: CollectedLine[] = [];
  const visit = (el: DomElement, depth: number) => {
    if (SKIPPED_TAGS.has(el.tagName) || el.getAttribute("aria-hidden") === "true") return;
    if (!el.checkVisibility({ visibilityProperty: true })) return;
    const role = roleOf(el);
    const interactive = role !== undefined && (INTERACTIVE.has(role) || el.hasAttribute("contenteditable"));
    const container = role !== undefined && CONTAINERS.has(role);
    if (role && (interactive || container || role === "heading" || role === "img")) {
      const isFrame = el.tagName === "IFRAME";
      // An iframe's line stays in an interactiveOnly snapshot: its controls are listed under it.
      if (!args.interactiveOnly || interactive || role === "heading" || isFrame) {
        const name = clip(nameOf(el, role), 80);
        const local = interactive || container ? refFor(el) : undefined;
        const ref = local ? `${args.refPrefix ?? ""}${local}` : undefined;
        const label = `${role}${name ? ` ${quote(name)}` : ""}${ref ? ` [ref=${ref}]` : ""}${stateOf(el, role)}`;
        lines.push(
          isFrame && local ? { depth, text: label, ref, frame: local } : { depth, text: label, ref },
        );
      }
      // A control's or heading's name already says what its text says.
      if (!container && el.tagName !== "SELECT" && role !== "listbox") return;
      if (el.tagName === "IFRAME") return;
    } else if (!args.interactiveOnly) {
      let own = "";
      for (const child of el.childNodes) if (child.nodeType === 3) own += child.textContent;
      const text = clip(own, 200);
      if (text) lines.push({ depth, text: `text: ${text}` });
    }
    const childDepth = container ? depth + 1 : depth;
    for (const child of el.children) visit(child, childDepth);
    if (el.shadowRoot) for (const child of el.shadowRoot.children) visit(child, childDepth);
  };

  let root: DomElement | null | undefined = document.body ?? document.documentElement;
  if (args.rootRef) {
    root = refs.byRef.get(args.rootRef)?.deref();
    if (!root?.isConnected) return { lines: [], missingRoot: true };
  }
  if (root) visit(root, 0);
  return { lines, missingRoot: false };
}

/** Runs inside the page: the live element a ref names, or null when it is gone. */
export function elementForRef([key, ref]: [string, string]): DomElement | null {
  const state = (window as Record<string, { byRef: Map<string, WeakRef<DomElement>> } | undefined>)[key];
  const element = state?.byRef.get(ref)?.deref();
  return element?.isConnected ? element : null;
}
