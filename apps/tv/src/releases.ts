import type { ProgressReport, ReleaseItem } from '@htv/shared/areas/releases/index';

/** Attempts at a download, each asking with a range for what is still missing. */
const DOWNLOAD_TRIES = 3;
const INSTALL_MS = 300;

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The browser TV's releases (docs/releases.md): installs what the configuration's `releases` part
 * lists, one item at a time. It waits for a retry's time, downloads the package (resuming with a
 * range), checks its SHA-256, reports each step through the device API, simulates the install
 * (`?installFailures=0.3` in the page's address fails that share), and keeps the new versions, which
 * the device reports in its heartbeats.
 */
export class BrowserInstaller {
  otaVersion: string | undefined;
  controlVersion: string | undefined;
  readonly apps = new Map<string, string>();
  private readonly done = new Map<number, string | null>();
  private running = false;

  constructor(
    private readonly token: () => string | undefined,
    private readonly report: (reports: ProgressReport[]) => Promise<unknown>,
    private readonly failureShare = Number(new URLSearchParams(location.search).get('installFailures') ?? 0),
  ) {}

  /** Starts installing the items not handled yet (a retry comes back with a new `notBefore`). */
  async sync(items: readonly ReleaseItem[] | undefined): Promise<void> {
    if (this.running || !items?.length) return;
    this.running = true;
    try {
      for (const item of items) {
        if (this.done.has(item.actionId) && this.done.get(item.actionId) === item.notBefore) continue;
        this.done.set(item.actionId, item.notBefore);
        const wait = item.notBefore ? new Date(item.notBefore).getTime() - Date.now() : 0;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        await this.install(item).catch(() => this.step(item, 'failed', { code: 'E_CLIENT', reason: 'install interrupted' }));
      }
    } finally {
      this.running = false;
    }
  }

  private step(item: ReleaseItem, state: ProgressReport['state'], extra: Partial<ProgressReport> = {}) {
    return this.report([{ actionId: item.actionId, state, ...extra }]);
  }

  private async install(item: ReleaseItem): Promise<void> {
    await this.step(item, 'downloading', { progress: 0 });
    const bytes = await this.download(item);
    if (!bytes) return void (await this.step(item, 'failed', { code: 'E_DOWNLOAD', reason: 'download failed' }));
    if (hex(await crypto.subtle.digest('SHA-256', bytes)) !== item.sha256) return void (await this.step(item, 'failed', { code: 'E_CHECKSUM', reason: 'checksum mismatch' }));
    await this.step(item, 'downloaded', { progress: 100 });
    if (item.installType === 'downloadOnly') return;
    await this.step(item, 'installing');
    await new Promise((resolve) => setTimeout(resolve, INSTALL_MS));
    if (Math.random() < this.failureShare) return void (await this.step(item, 'failed', { code: 'E_INSTALL', reason: 'simulated install failure' }));
    if (item.kind === 'ota') this.otaVersion = item.versionName;
    else if (item.kind === 'control') this.controlVersion = item.versionName;
    else if (item.packageName) this.apps.set(item.packageName, item.versionName);
    await this.step(item, 'success');
  }

  private async download(item: ReleaseItem): Promise<ArrayBuffer | undefined> {
    const parts: Uint8Array[] = [];
    let have = 0;
    for (let attempt = 0; attempt < DOWNLOAD_TRIES && have < item.size; attempt++) {
      const response = await fetch(item.url, { headers: { authorization: `Bearer ${this.token() ?? ''}`, ...(have ? { range: `bytes=${have}-` } : {}) } }).catch(() => undefined);
      if (!response || (response.status !== 200 && response.status !== 206)) continue;
      if (response.status === 200) {
        parts.length = 0;
        have = 0;
      }
      const chunk = new Uint8Array(await response.arrayBuffer().catch(() => new ArrayBuffer(0)));
      parts.push(chunk);
      have += chunk.length;
    }
    if (have !== item.size) return undefined;
    const whole = new Uint8Array(have);
    let at = 0;
    for (const part of parts) {
      whole.set(part, at);
      at += part.length;
    }
    return whole.buffer;
  }
}
