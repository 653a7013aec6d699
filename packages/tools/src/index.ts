/**
 * Built-in coding tools for Claw agents. File tools are contained in the workspace root.
 *
 * @example
 * import { createCodingTools } from "@claw/tools";
 * const { tools, dispose } = createCodingTools({ workspaceDir: "/home/me/project" });
 * const runtime = createAgentRuntime({ agents: [{ id: "main", model: { primary: "anthropic/claude-sonnet-4-5" }, tools }], ... });
 */

import type { AgentTool } from "@claw/agent-core";
import { createExecTool, type ExecToolOptions } from "./exec/exec-tool.js";
import { ProcessRegistry } from "./exec/process-registry.js";
import { createProcessTool } from "./exec/process-tool.js";
import { createEditTool } from "./fs/edit.js";
import { createFindTool } from "./fs/find.js";
import { createGrepTool } from "./fs/grep.js";
import { createLsTool } from "./fs/ls.js";
import { createReadTool } from "./fs/read.js";
import { createWriteTool } from "./fs/write.js";
import { createApplyPatchTool } from "./patch/apply-patch-tool.js";
import { WarmSandboxPool } from "./sandbox/warm-pool.js";
import { guardWorkspaceAccess } from "./sandbox/workspace-access.js";
import type { CodingToolsOptions } from "./shared/options.js";
import { createWorkspace } from "./shared/workspace.js";
import { createWebFetchTool, type WebFetchOptions } from "./web/web-fetch-tool.js";

// Commonly used: every coding tool at once, contained in one workspace.
/** The names `createCodingTools` returns, in catalog order (for explaining policy without creating tools). */
export const CODING_TOOL_NAMES = [
  "read",
  "write",
  "edit",
  "apply_patch",
  "ls",
  "find",
  "grep",
  "exec",
  "process",
  "web_fetch",
] as const;

export interface CodingTools {
  /** Tools in catalog order: read, write, edit, apply_patch, ls, find, grep, exec, process, web_fetch. */
  tools: AgentTool[];
  processes: ProcessRegistry;
  /** Kills background processes. */
  dispose(): void;
}

export function createCodingTools(
  options: CodingToolsOptions & { exec?: ExecToolOptions; webFetch?: WebFetchOptions },
): CodingTools {
  const workspace = createWorkspace(options.workspaceDir);
  const processes = new ProcessRegistry();
  const warmSandboxes = new WarmSandboxPool();
  const limits = { maxReadBytes: options.maxReadBytes, maxOutputChars: options.maxOutputChars };
  const sandboxFor = options.exec?.sandboxFor;
  const reads = <T extends AgentTool>(tool: T) => guardWorkspaceAccess(tool, "read", sandboxFor);
  const writes = <T extends AgentTool>(tool: T) => guardWorkspaceAccess(tool, "write", sandboxFor);
  const tools = [
    reads(createReadTool(workspace, limits)),
    writes(createWriteTool(workspace)),
    writes(createEditTool(workspace)),
    writes(createApplyPatchTool(workspace)),
    reads(createLsTool(workspace)),
    reads(createFindTool(workspace)),
    reads(createGrepTool(workspace, limits)),
    createExecTool(workspace, processes, {
      env: options.env,
      shell: options.shell,
      maxOutputChars: options.maxOutputChars,
      warmSandboxes,
      ...options.exec,
    }),
    createProcessTool(processes, limits),
    createWebFetchTool(options.webFetch),
  ];
  return {
    tools,
    processes,
    dispose: () => {
      warmSandboxes.dispose();
      processes.dispose();
    },
  };
}

// The individual tools.
export { createReadTool } from "./fs/read.js";
export { createWriteTool } from "./fs/write.js";
export { createEditTool } from "./fs/edit.js";
export { createApplyPatchTool } from "./patch/apply-patch-tool.js";
export { createLsTool } from "./fs/ls.js";
export { createFindTool } from "./fs/find.js";
export { createGrepTool } from "./fs/grep.js";
export { createExecTool, type ElevatedResolver, type ExecToolOptions } from "./exec/exec-tool.js";
export { createProcessTool } from "./exec/process-tool.js";
export { createWebFetchTool, htmlToMarkdown, type WebFetchOptions } from "./web/web-fetch-tool.js";
export type { CodingToolsOptions } from "./shared/options.js";

// Image understanding: read, check, downscale, ask a vision model.
export { createImageTool, type ImageToolOptions } from "./image/image-tool.js";
export {
  createVisionAnalyzer,
  type ImageAnalysisRequest,
  type ImageAnalyzer,
  NoVisionModelError,
  type VisionAnalyzerOptions,
  type VisionCandidate,
} from "./image/vision-analyzer.js";
export { type ImageLimits, ImageRejectedError, type PreparedImage, prepareImage } from "./image/downscale.js";
export { type ImageFormat, type ImageInfo, inspectImage } from "./image/inspect.js";
export { type ImageSourceOptions, loadImageBytes } from "./image/image-source.js";

// Messaging: the agent sends, edits or reacts in a chat it may reach, through a port the app provides.
export { createMessageTool, type MessageToolOptions } from "./message/message-tool.js";
export { targetRefusal } from "./message/target-policy.js";
export type {
  MessageCapabilities,
  MessagePort,
  MessageTarget,
  SessionConversation,
} from "./message/types.js";

// Web search: one tool over pluggable providers (Brave, SearXNG, an OpenAI-compatible search model).
export { createWebSearchTool, type WebSearchToolOptions } from "./web-search/web-search-tool.js";
export { BRAVE_SEARCH_URL, type BraveSearchOptions, createBraveSearch } from "./web-search/brave.js";
export { createSearxngSearch, type SearxngSearchOptions } from "./web-search/searxng.js";
export {
  createOpenAICompatibleSearch,
  type OpenAICompatibleSearchOptions,
} from "./web-search/openai-compatible.js";
export {
  type WebSearchFailure,
  WebSearchError,
  type WebSearchProvider,
  type WebSearchRequest,
  type WebSearchResponse,
  type WebSearchResult,
} from "./web-search/types.js";

// Advanced: the workspace, process registry, patch parser and text helpers the tools are built from.
export { createWorkspace, PathEscapeError, type Workspace } from "./shared/workspace.js";
export { ProcessRegistry } from "./exec/process-registry.js";
export { type PatchOperation, PatchSyntaxError, parsePatch } from "./patch/parse-patch.js";
export { looksBinary, truncateMiddle } from "./shared/truncate.js";

// Advanced: the OS sandbox, the clean command environment and the web address guard.
export { INHERITED_ENV_NAMES, minimalCommandEnv } from "./exec/command-env.js";
export {
  bwrapArgs,
  bwrapSandboxArgs,
  bwrapWaitingArgs,
  encodeWaitingCommand,
  readHostLayout,
} from "./sandbox/bwrap-args.js";
export { type WarmShape, WarmSandboxPool } from "./sandbox/warm-pool.js";
export {
  assertBwrapUsable,
  BWRAP_INSTALL_HINT,
  type BwrapCheck,
  checkBwrap,
  SandboxUnavailableError,
} from "./sandbox/bwrap-check.js";
export type { SandboxResolver, SandboxSpec } from "./sandbox/sandbox-spec.js";
export { guardWorkspaceAccess, type WorkspaceNeed } from "./sandbox/workspace-access.js";
export { BLOCKED_IPV4, BLOCKED_IPV6, blockedAddressReason } from "./web/address-guard.js";
export {
  BlockedAddressError,
  type GuardedGetOptions,
  type GuardedResponse,
  guardedGet,
} from "./web/guarded-request.js";
export { unwrapUntrusted, wrapUntrusted } from "./web/untrusted.js";
export {
  type HostVerdict,
  isAllowedPrivate,
  resolveAllowedHost,
  type UrlCheckOptions,
  urlBlockReason,
} from "./web/url-check.js";

// Advanced: exec policy (security/ask), the allowlist, pending approvals and the shell reader.
export { AllowlistFileError, ExecAllowlistStore } from "./approvals/allowlist-store.js";
export {
  type ApprovalDecision,
  type ApprovalEvent,
  type ApprovalOutcome,
  DEFAULT_APPROVAL_TIMEOUT_MS,
  type ExecApprovalRequest,
  ExecApprovalBroker,
  type PendingApproval,
} from "./approvals/approval-broker.js";
export {
  type AnalysisPlace,
  analyzeCommand,
  type CommandAnalysis,
  type CommandSegment,
  resolveProgram,
} from "./approvals/command-analysis.js";
export { type AllowlistSource, type ExecApprovalsOptions, gateExec } from "./approvals/exec-gate.js";
export {
  type AllowlistEntry,
  decideExec,
  type ExecAsk,
  type ExecDecision,
  type ExecPolicy,
  type ExecSecurity,
  entryMatches,
  globToRegExp,
  judgeSegment,
  literalGlob,
  TRUSTED_BINARY_DIRS,
} from "./approvals/exec-policy.js";
export { SAFE_BINARIES, SAFE_BUILTINS, type SafeBinary, UNSAFE_BUILTINS } from "./approvals/safe-binaries.js";
export { renderSafeBinaryTable } from "./approvals/safe-binary-docs.js";
export type { InvocationCheck } from "./approvals/safe-invocation.js";
export type { ArgvGrammar, OptionSpec, ValueKind } from "./approvals/option-grammar.js";
export {
  parseShellCommand,
  type ShellParse,
  type ShellWord,
  type SimpleCommand,
} from "./exec/shell-parse.js";
