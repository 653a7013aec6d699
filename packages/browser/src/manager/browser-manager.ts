/**
 * The browsers of one host: one managed browser per profile (by default one per agent), each
 * started on first use with its user-data dir under `<stateDir>/browser/<profile>/user-data`,
 * and closed when idle or when the manager closes.
 */
import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { BrowserSandbox } from "../sandbox/sandboxed-chromium.js";
import { ManagedBrowser, type ManagedBrowserStatus } from "./managed-browser.js";

/** Browsers close after five idle minutes unless configured otherwise. */
export const DEFAULT_IDLE_MS = 5 * 60_000;
/** Downloads larger than this are deleted instead of saved (default 50 MB). */
export const DEFAULT_MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;

const PROFILE_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

export interface BrowserManagerOptions {
  /** Claw's state dir; profiles live under `<stateDir>/browser/`. */
  stateDir: string;
  /** Headless unless set to false (`tools.browser.headless`). */
  headless?: boolean;
  executablePath?: string;
  allowPrivate?: readonly string[];
  idleMs?: number;
  maxDownloadBytes?: number;
  now?: () => number;
}

/** A profile as `claw browser profiles` lists it. */
export interface BrowserProfileInfo extends ManagedBrowserStatus {}

export class BrowserManager {
  private readonly browsers = new Map<string, ManagedBrowser>();
  /** Running browsers started with settings that have changed since. */
  private readonly outdated = new WeakSet<ManagedBrowser>();

  constructor(private options: BrowserManagerOptions) {}

  /**
   * New settings (a config reload). Browsers that are not running take them at once; running
   * ones keep theirs until they stop (idle, `claw browser stop`), then start with the new ones.
   */
  reconfigure(options: BrowserManagerOptions): void {
    this.options = options;
    for (const [profile, browser] of this.browsers)
      if (browser.running) this.outdated.add(browser);
      else this.browsers.delete(profile);
  }

  /** The folder holding every profile. */
  get profilesDir(): string {
    return join(this.options.stateDir, "browser");
  }

  /**
   * The profile's browser object (not started: its first action starts it). `sandbox` applies
   * when the object is created: give sandboxed sessions a profile of their own.
   *
   * @example
   * const page = await manager.browser("main").activeTab();
   */
  browser(profile: string, sandbox?: BrowserSandbox): ManagedBrowser {
    assertProfileName(profile);
    let browser = this.browsers.get(profile);
    if (!browser) {
      let created: ManagedBrowser | undefined;
      browser = created = new ManagedBrowser({
        profile,
        userDataDir: join(this.profilesDir, profile, "user-data"),
        headless: this.options.headless ?? true,
        executablePath: this.options.executablePath,
        allowPrivate: this.options.allowPrivate,
        idleMs: this.options.idleMs ?? DEFAULT_IDLE_MS,
        maxDownloadBytes: this.options.maxDownloadBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES,
        now: this.options.now,
        ...(sandbox ? { sandbox } : {}),
        onClosed: () => {
          // An outdated browser is replaced once it stops, so its next start uses the current settings.
          if (created && this.outdated.has(created) && this.browsers.get(profile) === created)
            this.browsers.delete(profile);
        },
      });
      this.browsers.set(profile, browser);
    }
    return browser;
  }

  /** Starts a profile's browser now (the CLI's `claw browser start`). */
  async start(profile: string): Promise<ManagedBrowserStatus> {
    const browser = this.browser(profile);
    await mkdir(browser.options.userDataDir, { recursive: true });
    await browser.start();
    return browser.status();
  }

  /** Stops one profile's browser, or every running one; returns the profiles stopped. */
  async stop(profile?: string): Promise<string[]> {
    const targets = profile === undefined ? [...this.browsers.values()] : [this.browser(profile)];
    const running = targets.filter((b) => b.running);
    await Promise.all(running.map((b) => b.stop()));
    return running.map((b) => b.options.profile);
  }

  /** Running browsers' status (all known profiles when `all`). */
  status(): ManagedBrowserStatus[] {
    return [...this.browsers.values()]
      .map((b) => b.status())
      .sort((a, b) => a.profile.localeCompare(b.profile));
  }

  /** Every profile on disk or in memory, with its status. */
  async profiles(): Promise<BrowserProfileInfo[]> {
    const onDisk = await readdir(this.profilesDir, { withFileTypes: true }).catch(() => []);
    for (const entry of onDisk)
      if (entry.isDirectory() && PROFILE_NAME.test(entry.name)) this.browser(entry.name);
    return this.status();
  }

  /** Closes every browser (the gateway calls it on shutdown). */
  async close(): Promise<void> {
    await this.stop();
  }
}

/** Profile names become folder names: letters, digits, `_` and `-` only. */
export function assertProfileName(profile: string): void {
  if (!PROFILE_NAME.test(profile))
    throw new Error(
      `browser profile "${profile}" is not a valid name: use 1-64 letters, digits, "_" or "-", starting with a letter or digit.`,
    );
}
