/** What an action handler works with: the profile's browser, the workspace and this call's settings. */
import type { AgentToolResult, ToolExecutionContext } from "@claw/agent-core";
import { type Workspace, wrapUntrusted } from "@claw/tools";
import type { ManagedBrowser } from "../manager/managed-browser.js";
import type { BrowserArgs } from "./browser-params.js";

/** Default wait for navigations and `wait`. */
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface BrowserSession {
  browser: ManagedBrowser;
  workspace: Workspace;
  context: ToolExecutionContext;
  /** Whether the calling model reads images (screenshots are returned, else saved). */
  acceptsImages: boolean;
  allowEvaluate: boolean;
  /**
   * Why nothing may be written into the workspace (a sandbox that mounts it read-only or not at
   * all), or undefined when screenshots and PDFs may be saved there.
   */
  workspaceReadOnly?: string;
}

export type ActionHandler = (args: BrowserArgs, session: BrowserSession) => Promise<AgentToolResult>;

/** A result whose text came from a page: fenced as untrusted, with the page URL as source. */
export function pageResult(text: string, url: string, details?: unknown): AgentToolResult {
  return { content: [{ type: "text", text: wrapUntrusted(text, url || "about:blank") }], details };
}

/** A plain result in Claw's own words (no page content). */
export function ownResult(text: string, details?: unknown): AgentToolResult {
  return { content: [{ type: "text", text }], details };
}

/** Playwright's timeout errors, told apart from other failures. */
export function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === "TimeoutError";
}
