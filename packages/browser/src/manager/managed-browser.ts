/**
 * One profile's browser: a persistent Chromium context (its own user-data dir), started on first
 * use, with the address guard on every request, tabs with stable ids, an activity log, downloads
 * saved under a size limit, and an idle timer that closes it.
 */
import { mkdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { BrowserContext, Download, Page } from "playwright-core";
import { locateChromium } from "../chromium/locate-chromium.js";
import { type GuardProxy, startGuardProxy } from "../guard/guard-proxy.js";
import { type BrowserSandbox, writeSandboxedLauncher } from "../sandbox/sandboxed-chromium.js";
import { ActivityLog } from "./activity-log.js";
import { type ClaimedDownloads, watchDownloadSize } from "./download-watch.js";
import { saveDownload } from "./downloads.js";

export interface ManagedBrowserOptions {
  profile: string;
  userDataDir: string;
  headless: boolean;
  executablePath?: string;
  /** Hosts the pages may reach although they are private or loopback. */
  allowPrivate?: readonly string[];
  /** Closed after this long without use (0 = never). */
  idleMs: number;
  /** Largest download kept, in bytes. */
  maxDownloadBytes: number;
  /** Run Chromium inside this sandbox (a sandboxed session's profile). */
  sandbox?: BrowserSandbox;
  /** Called once the browser has closed (idle, stopped or crashed). */
  onClosed?: () => void;
  now?: () => number;
}

export interface TabInfo {
  id: string;
  url: string;
  title: string;
  active: boolean;
}

export interface ManagedBrowserStatus {
  profile: string;
  running: boolean;
  headless: boolean;
  userDataDir: string;
  tabs: number;
  startedAtMs?: number;
  lastUsedAtMs?: number;
}

/** Where downloads go: a folder in the agent's workspace, and how to name a path for the model. */
export interface DownloadTarget {
  dir: string;
  display(absolute: string): string;
}

export class ManagedBrowser {
  readonly activity: ActivityLog;
  /** Set by whoever uses the browser (the tool points it at the agent's workspace). */
  downloadTarget?: DownloadTarget;
  private blocked: { url: string; reason: string }[] = [];
  private context?: BrowserContext;
  private starting?: Promise<BrowserContext>;
  private active?: Page;
  private readonly tabIds = new WeakMap<Page, string>();
  private nextTab = 1;
  private idleTimer?: NodeJS.Timeout;
  private busy = 0;
  private startedAtMs?: number;
  private lastUsedAtMs?: number;
  private proxy?: GuardProxy;
  private downloadsDir?: string;
  private readonly claimedDownloads: ClaimedDownloads = new Set();
  private readonly now: () => number;

  constructor(readonly options: ManagedBrowserOptions) {
    this.now = options.now ?? Date.now;
    this.activity = new ActivityLog(this.now);
  }

  get running(): boolean {
    return this.context !== undefined;
  }

  /** Starts the browser unless it runs; concurrent callers share one start. */
  async start(): Promise<BrowserContext> {
    if (this.context) {
      this.touch();
      return this.context;
    }
    this.starting ??= this.launch().finally(() => {
      this.starting = undefined;
      this.touch();
    });
    return this.starting;
  }

  /** Why the guard would refuse this URL's host, or undefined (to refuse a navigation up front). */
  async judge(url: URL): Promise<string | undefined> {
    await this.start();
    if (!this.proxy) throw new Error(`browser profile "${this.options.profile}" closed while starting`);
    return this.proxy.judge(url);
  }

  /** The tab actions apply to; opens one when none is open. */
  async activeTab(): Promise<Page> {
    const context = await this.start();
    if (this.active && !this.active.isClosed()) return this.active;
    this.active =
      context
        .pages()
        .filter((p) => !p.isClosed())
        .at(-1) ?? (await context.newPage());
    return this.active;
  }

  /** A new tab; the blank tab Chromium starts with is used for the first one. */
  async newTab(): Promise<Page> {
    const context = await this.start();
    const open = context.pages().filter((p) => !p.isClosed());
    const [only] = open;
    this.active = open.length === 1 && only?.url() === "about:blank" ? only : await context.newPage();
    return this.active;
  }

  tabId(page: Page): string {
    let id = this.tabIds.get(page);
    if (!id) {
      id = `t${this.nextTab++}`;
      this.tabIds.set(page, id);
    }
    return id;
  }

  async tabs(): Promise<TabInfo[]> {
    const pages = this.context?.pages().filter((p) => !p.isClosed()) ?? [];
    const current = this.active && !this.active.isClosed() ? this.active : pages.at(-1);
    return Promise.all(
      pages.map(async (page) => ({
        id: this.tabId(page),
        url: page.url(),
        title: await page.title().catch(() => ""),
        active: page === current,
      })),
    );
  }

  /** Makes a tab the active one, by id. */
  switchTab(id: string): Page {
    const page = this.findTab(id);
    this.active = page;
    return page;
  }

  async closeTab(id: string): Promise<void> {
    const page = this.findTab(id);
    await page.close();
    if (this.active === page) this.active = undefined;
  }

  /** The guard's refusals since the last call (so a refused navigation can say why), then forgets them. */
  takeBlocked(): { url: string; reason: string }[] {
    const blocked = this.blocked;
    this.blocked = [];
    return blocked;
  }

  /**
   * Runs an action with the idle timer held off, so a long wait is never cut by an idle close.
   *
   * @example
   * await browser.use(async () => (await browser.activeTab()).goto(url));
   */
  async use<T>(action: () => Promise<T>): Promise<T> {
    this.busy++;
    this.touch();
    try {
      return await action();
    } finally {
      this.busy--;
      this.touch();
    }
  }

  /** Resets the idle timer. */
  touch(): void {
    this.lastUsedAtMs = this.now();
    clearTimeout(this.idleTimer);
    // Never while starting or in use: the timer is armed again when that ends.
    if (this.options.idleMs <= 0 || this.busy > 0 || this.starting) return;
    this.idleTimer = setTimeout(() => void this.stop(), this.options.idleMs);
    this.idleTimer.unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.idleTimer);
    const context = this.context ?? (await this.starting?.catch(() => undefined));
    this.context = undefined;
    await context?.close().catch(() => undefined);
  }

  status(): ManagedBrowserStatus {
    return {
      profile: this.options.profile,
      running: this.running,
      headless: this.options.headless,
      userDataDir: this.options.userDataDir,
      tabs: this.context?.pages().filter((p) => !p.isClosed()).length ?? 0,
      startedAtMs: this.running ? this.startedAtMs : undefined,
      lastUsedAtMs: this.lastUsedAtMs,
    };
  }

  private findTab(id: string): Page {
    const page = this.context?.pages().find((p) => !p.isClosed() && this.tabId(p) === id);
    if (!page) throw new Error(`No open tab "${id}"; list the tabs with action "tabs".`);
    return page;
  }

  private async launch(): Promise<BrowserContext> {
    const chromiumPath = await locateChromium({ executablePath: this.options.executablePath });
    await mkdir(this.options.userDataDir, { recursive: true });
    const profileDir = dirname(this.options.userDataDir);
    const downloadsDir = join(profileDir, "downloads-tmp");
    // Whatever is left there is from a browser that did not close cleanly.
    await rm(downloadsDir, { recursive: true, force: true });
    await mkdir(downloadsDir, { recursive: true });
    this.downloadsDir = downloadsDir;
    const executablePath = this.options.sandbox
      ? await writeSandboxedLauncher(this.options.sandbox, {
          executablePath: chromiumPath,
          profileDir,
        })
      : chromiumPath;
    const proxy = await startGuardProxy({
      allowPrivate: this.options.allowPrivate,
      onBlocked: (target, reason) => {
        if (this.blocked.push({ url: target, reason }) > 50) this.blocked.shift();
        this.activity.network({
          tab: "-",
          method: "-",
          url: target,
          resourceType: "-",
          failure: reason,
          blocked: true,
        });
      },
    });
    let context: BrowserContext;
    try {
      // Loaded on first start: importing @claw/browser (for its names and checks) stays light.
      const { chromium } = await import("playwright-core");
      context = await chromium.launchPersistentContext(this.options.userDataDir, {
        executablePath,
        headless: this.options.headless,
        acceptDownloads: true,
        // A folder of this profile's own: the size watch reads it, and the sandbox binds it.
        downloadsPath: downloadsDir,
        // Playwright sends loopback through the proxy too (Chromium would bypass it otherwise).
        proxy: { server: proxy.url },
        viewport: { width: 1280, height: 800 },
        args: [
          "--no-first-run",
          "--no-default-browser-check",
          "--disable-background-networking",
          // WebRTC would otherwise open UDP to any address, past the proxy.
          "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
        ],
      });
    } catch (error) {
      await proxy.close();
      throw error;
    }
    for (const page of context.pages()) this.watch(page);
    context.on("page", (page) => this.watch(page));
    context.on("close", () => {
      if (this.context === context) this.context = undefined;
      clearTimeout(this.idleTimer);
      void proxy.close();
      this.options.onClosed?.();
    });
    this.proxy = proxy;
    this.context = context;
    this.startedAtMs = this.now();
    return context;
  }

  private watch(page: Page): void {
    const tab = this.tabId(page);
    page.on("console", (message) => this.activity.console(tab, message.type(), message.text()));
    page.on("pageerror", (error) => this.activity.console(tab, "pageerror", error.message));
    page.on("requestfinished", async (request) => {
      const response = await request.response().catch(() => null);
      this.activity.network({
        tab,
        method: request.method(),
        url: request.url(),
        resourceType: request.resourceType(),
        status: response?.status(),
      });
    });
    page.on("requestfailed", (request) => {
      const failure = request.failure()?.errorText ?? "failed";
      this.activity.network({
        tab,
        method: request.method(),
        url: request.url(),
        resourceType: request.resourceType(),
        failure,
      });
    });
    page.on("download", (download: Download) => void this.keepDownload(download));
  }

  private async keepDownload(download: Download): Promise<void> {
    const target = this.downloadTarget;
    if (!target) {
      this.activity.download({ url: download.url(), refused: "no workspace to save it in" });
      await download.delete().catch(() => undefined);
      return;
    }
    const limit = this.options.maxDownloadBytes;
    const watch = this.downloadsDir
      ? watchDownloadSize(download, this.downloadsDir, limit, this.claimedDownloads)
      : undefined;
    const saved = await saveDownload(download, target, limit);
    watch?.stop();
    const cancelledAt = watch?.cancelledAtBytes;
    // A download that finished before the watch saw it is judged whole by saveDownload.
    this.activity.download(
      cancelledAt === undefined ||
        saved.savedAs !== undefined ||
        !saved.refused?.startsWith("download failed")
        ? saved
        : {
            url: download.url(),
            bytes: cancelledAt,
            refused: `cancelled at ${cancelledAt} bytes: over the ${limit}-byte download limit`,
          },
    );
  }
}
