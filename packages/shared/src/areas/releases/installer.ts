import type { ProgressReport, ReleaseItem } from './index.js';
import { FINAL_ACTION_STATES } from './states.js';
import { msUntilWindow } from './window.js';

/** What an installing TV needs from its platform (the simulator in Node, the browser TV in a page). */
export interface InstallerIo {
  /** GET of a package with the device token; `from` > 0 asks for the rest with a range. Undefined: no answer. */
  download(url: string, from: number): Promise<{ status: number; bytes: Uint8Array } | undefined>;
  /** POST /api/device/v1/releases/progress, or the terminal's MQTT progress topic when connected. */
  report(reports: ProgressReport[]): Promise<unknown>;
  sleep(ms: number): Promise<void>;
}

export interface InstallerOptions {
  /** Share of installs that fail (0-1): shows the rollouts' error thresholds working. */
  failureShare?: number;
  /** Milliseconds a simulated install takes. */
  installMs?: number;
  /** Told of each install's end. */
  onResult?: (item: ReleaseItem, state: 'success' | 'failed') => void;
}

/** Attempts at a download, each asking with a range for what is still missing. */
const DOWNLOAD_TRIES = 3;

const FINAL = new Set<string>(FINAL_ACTION_STATES);

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * How a TV installs what its configuration's `releases` part lists (docs/releases.md), one item at a
 * time: waits for a retry's time, downloads the package (resuming with a range), checks its SHA-256,
 * waits for a soft install's maintenance window, reports each step, simulates the install (failing
 * `failureShare` of them) and keeps the new versions, which the TV reports in its heartbeats. An action
 * the TV ended that the configuration still lists (its final report was lost, or not yet written when
 * the configuration was read) gets its final report again. Shared by the simulator and the browser TV.
 */
export class ReleaseInstaller {
  otaVersion: string | undefined;
  controlVersion: string | undefined;
  readonly apps = new Map<string, string>();
  downloads = 0;
  private readonly done = new Map<number, string | null>();
  /** The final report of each action ended here, by action. */
  private readonly ended = new Map<number, ProgressReport>();
  private running = false;

  constructor(
    private readonly io: InstallerIo,
    private readonly options: InstallerOptions = {},
  ) {}

  /** Installs the items not handled yet (a retry comes back with a new `notBefore`). */
  async sync(items: readonly ReleaseItem[] | undefined): Promise<void> {
    if (this.running || !items?.length) return;
    this.running = true;
    try {
      for (const item of items) {
        if (this.done.has(item.actionId) && this.done.get(item.actionId) === item.notBefore) {
          const ended = this.ended.get(item.actionId);
          if (ended) await this.io.report([ended]).catch(() => undefined);
          continue;
        }
        this.done.set(item.actionId, item.notBefore);
        const wait = item.notBefore ? new Date(item.notBefore).getTime() - Date.now() : 0;
        if (wait > 0) await this.io.sleep(wait);
        await this.install(item).catch(() => this.fail(item, 'E_CLIENT', 'install interrupted'));
      }
    } finally {
      this.running = false;
    }
  }

  private step(item: ReleaseItem, state: ProgressReport['state'], extra: Partial<ProgressReport> = {}) {
    const report = { actionId: item.actionId, state, ...extra, ...(item.attempt !== undefined && { attempt: item.attempt }) };
    if (FINAL.has(state) || (state === 'downloaded' && item.installType === 'downloadOnly')) this.ended.set(item.actionId, report);
    return this.io.report([report]);
  }

  private async fail(item: ReleaseItem, code: string, reason: string) {
    this.options.onResult?.(item, 'failed');
    await this.step(item, 'failed', { code, reason });
  }

  private async install(item: ReleaseItem): Promise<void> {
    await this.step(item, 'downloading', { progress: 0 });
    const bytes = await this.download(item);
    if (!bytes) return this.fail(item, 'E_DOWNLOAD', 'download failed');
    if (hex(await crypto.subtle.digest('SHA-256', bytes)) !== item.sha256) return this.fail(item, 'E_CHECKSUM', 'checksum mismatch');
    this.downloads++;
    await this.step(item, 'downloaded', { progress: 100 });
    if (item.installType === 'downloadOnly') return;
    // A soft install waits, downloaded, for its maintenance window (the TV's local time).
    const closed = item.window ? msUntilWindow(item.window, new Date()) : 0;
    if (closed > 0) await this.io.sleep(closed);
    await this.step(item, 'installing');
    await this.io.sleep(this.options.installMs ?? 200);
    if (Math.random() < (this.options.failureShare ?? 0)) return this.fail(item, 'E_INSTALL', 'simulated install failure');
    if (item.kind === 'ota') this.otaVersion = item.versionName;
    else if (item.kind === 'control') this.controlVersion = item.versionName;
    else if (item.packageName) this.apps.set(item.packageName, item.versionName);
    await this.step(item, 'success');
    this.options.onResult?.(item, 'success');
  }

  private async download(item: ReleaseItem): Promise<Uint8Array<ArrayBuffer> | undefined> {
    const parts: Uint8Array[] = [];
    let have = 0;
    for (let attempt = 0; attempt < DOWNLOAD_TRIES && have < item.size; attempt++) {
      const answer = await this.io.download(item.url, have).catch(() => undefined);
      if (!answer || (answer.status !== 200 && answer.status !== 206)) continue;
      if (answer.status === 200) {
        parts.length = 0;
        have = 0;
      }
      parts.push(answer.bytes);
      have += answer.bytes.length;
    }
    if (have !== item.size) return undefined;
    const whole = new Uint8Array(have);
    let at = 0;
    for (const part of parts) {
      whole.set(part, at);
      at += part.length;
    }
    return whole;
  }
}
