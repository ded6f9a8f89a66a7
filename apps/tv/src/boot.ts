import type { BootConfigPart, BootFile, BootFilePart, DownloadReport } from '@htv/shared/areas/boot/device';

const API = '/api/device/v1';
const STORE_KEY = 'htv.tv.boot';
const FILE_CACHE = 'htv.tv.boot-files';
/** How long the boot picture shows at a start before the animation and the launcher. */
const SPLASH_MS = 4000;
/** Boot animation frames decoded ahead of the one shown. */
const FRAMES_DECODED_AHEAD = 4;
/** Parts the browser can draw as the boot picture, in order of preference. */
const PICTURE_PARTS: readonly BootFilePart[] = ['logo', 'logoBitmap'];

type Policy = NonNullable<BootConfigPart['policy']>;

/** A policy whose files are all downloaded: what the TV shows at a start. */
interface Ready {
  etag: string;
  policyId: number;
  name: string;
  picture: BootFile | null;
  /** The boot animation, played after the picture. */
  animation?: BootFile | null;
}

interface BootState {
  /** Shown at this start. */
  current: Ready | null;
  /** Downloaded since, shown at the next start. */
  pending: Ready | null;
}

/** No policy: nothing to show. */
const NONE: Ready = { etag: 'none', policyId: 0, name: '', picture: null };

function load(): BootState {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null') as BootState | null;
    if (saved) return saved;
  } catch {
    // nothing kept
  }
  return { current: null, pending: null };
}

const openFiles = () => ('caches' in globalThis ? caches.open(FILE_CACHE).catch(() => undefined) : Promise.resolve(undefined));

async function sha256Hex(bytes: ArrayBuffer): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null; // outside a secure context the hash cannot be checked here
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Milliseconds until the next HH:mm of local time. */
function untilLocal(hhmm: string, now = new Date()): number {
  const at = new Date(now);
  at.setHours(Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)), 0, 0);
  if (at <= now) at.setDate(at.getDate() + 1);
  return at.getTime() - now.getTime();
}

/**
 * The browser TV's boot settings (docs/boot.md): at a start, what was downloaded before becomes what
 * shows, and its boot picture covers the screen for a few seconds; when the configuration's `boot`
 * part names another policy, its files are downloaded with the device token (each reported as a
 * download task: downloading, then success or failed with the reason), checked against their SHA-256
 * and kept (Cache API) for the next start, or applied at once ("now") or in the maintenance window.
 */
export class BootKeeper {
  private state = load();
  private listeners = new Set<() => void>();
  /** What covers the screen now: the boot picture, then the animation's frames, then nothing. */
  private shown: { kind: 'logo' | 'animation'; url: string } | null = null;
  private working: string | null = null;
  private windowTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    // This is a start: what was downloaded since the last one applies now.
    if (this.state.pending) this.state = { current: this.state.pending, pending: null };
    this.save();
    void this.showPicture();
  }

  private save() {
    localStorage.setItem(STORE_KEY, JSON.stringify(this.state));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.shown;

  get current(): Ready | null {
    return this.state.current;
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }

  private show(shown: { kind: 'logo' | 'animation'; url: string } | null) {
    this.shown = shown;
    this.emit();
  }

  /** The boot picture for a few seconds, then the animation's frames once, then the launcher. */
  private async showPicture() {
    const { picture, animation } = this.state.current ?? {};
    const store = await openFiles();
    const logo = picture ? await store?.match(picture.url) : undefined;
    const zip = animation ? await store?.match(animation.url) : undefined;
    const logoUrl = logo && URL.createObjectURL(await logo.blob());
    if (logoUrl) {
      this.show({ kind: 'logo', url: logoUrl });
      await new Promise((resolve) => setTimeout(resolve, SPLASH_MS));
    }
    // The zip reader loads only when there is an animation to play.
    const played = zip ? await import('./bootanimation').then(async ({ readAnimation }) => readAnimation(await zip.arrayBuffer())).catch(() => null) : null;
    // Each frame is shown once decoded, the next ones decoding meanwhile: on a slow TV a frame's time
    // (40 ms at 25 a second) is shorter than its decoding, and a frame shown undecoded stays black. A
    // TV too slow for the rate plays the animation slower. Only a few frames are decoded at a time (a
    // decoded 1920x1080 frame takes 8 MB).
    const frames = played?.frames ?? [];
    const prepare = (frame: Blob) => {
      const image = new Image();
      image.src = URL.createObjectURL(frame);
      return { url: image.src, ready: image.decode().catch(() => undefined) };
    };
    const ahead = frames.slice(0, FRAMES_DECODED_AHEAD).map(prepare);
    let previous: string | undefined;
    for (let next = ahead.length; ahead.length > 0; next++) {
      const frame = ahead.shift()!;
      await frame.ready;
      this.show({ kind: 'animation', url: frame.url });
      if (previous) URL.revokeObjectURL(previous);
      previous = frame.url;
      if (next < frames.length) ahead.push(prepare(frames[next]!));
      await new Promise((resolve) => setTimeout(resolve, 1000 / played!.fps));
    }
    if (this.shown) this.show(null);
    for (const url of [logoUrl, previous]) if (url) URL.revokeObjectURL(url);
  }

  /** The configuration's `boot` part arrived (undefined: not authorized, nothing changes). */
  async update(part: BootConfigPart | undefined, token: string) {
    if (!part) return;
    const policy = part.policy;
    const known = this.state.pending ?? this.state.current;
    if ((policy?.etag ?? NONE.etag) === (known?.etag ?? NONE.etag) || (policy && this.working === policy.etag)) return;
    if (!policy) {
      // No policy any more: the next start shows none.
      this.state = { ...this.state, pending: NONE };
      return this.save();
    }
    this.working = policy.etag;
    try {
      const ready = await this.download(policy, token);
      if (!ready) return;
      this.state = { ...this.state, pending: ready };
      this.save();
      this.apply(policy);
    } finally {
      this.working = null;
    }
  }

  /** "now" restarts at once; "window" at the TV's time inside the maintenance window; else the next start. */
  private apply(policy: Policy) {
    clearTimeout(this.windowTimer);
    if (policy.apply.mode === 'now') location.reload();
    else if (policy.apply.mode === 'window' && policy.apply.at) this.windowTimer = setTimeout(() => location.reload(), untilLocal(policy.apply.at));
  }

  private async download(policy: Policy, token: string): Promise<Ready | null> {
    const store = await openFiles();
    const report = (file: BootFile, name: string, state: DownloadReport['state'], reason?: string) =>
      fetch(`${API}/download-tasks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'boot', subjectId: policy.id, name, url: file.url, sha256: file.sha256, size: file.size, state, ...(reason ? { reason: reason.slice(0, 500) } : {}) }),
      }).catch(() => undefined);
    let failed = false;
    for (const [name, file] of Object.entries(policy.files) as [BootFilePart, BootFile][]) {
      if (await store?.match(file.url)) continue;
      await report(file, name, 'downloading');
      try {
        const response = await fetch(file.url, { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const bytes = await response.arrayBuffer();
        const hash = await sha256Hex(bytes);
        if (hash !== null && hash !== file.sha256) throw new Error('SHA-256 mismatch');
        await store?.put(file.url, new Response(bytes, { headers: { 'content-type': file.mime } }));
        await report(file, name, 'success');
      } catch (error) {
        failed = true;
        await report(file, name, 'failed', error instanceof Error ? error.message : String(error));
      }
    }
    if (failed) return null;
    const picture = PICTURE_PARTS.map((part) => policy.files[part]).find((file) => file && file.mime !== 'application/octet-stream') ?? null;
    return { etag: policy.etag, policyId: policy.id, name: policy.name, picture, animation: policy.files.animation ?? null };
  }
}
