import type { DeviceCommand, DeviceConfig, HeartbeatResponse, RegisterResponse } from '@htv/shared/areas/devices/protocol';
import type { ThemeConfigPart, ThemePayload, WelcomeConfigPart } from '@htv/shared/areas/themes/sends';
import type { LicenceConfigPart } from '@htv/shared/areas/licences/part';
import type { ThemeDocument } from '@htv/shared/areas/themes/document';
import type { StageAsset } from '@htv/renderer/model';
import { words, type UiLang } from './i18n';
import type { ReleaseItem } from '@htv/shared/areas/releases/index';
import { browserInstaller } from './releases';
import type { TrackingConfigPart } from '@htv/shared/areas/tracking/index';
import { EventTracker } from '@htv/shared/areas/tracking/tracker';
import { LaunchReporter } from '@htv/shared/areas/runlogs/reporter';
import { MqttPush } from './mqtt-push';
import type { TerminalTask } from '@htv/shared/areas/tasks/protocol';
import { runPendingTasks, TaskUnsupported } from '@htv/shared/areas/tasks/runner';
import type { PhoneCommandData } from '@htv/shared/areas/phone/protocol';
import { applyPhoneCommand } from './phone';
import { takeEarlyConfig, takeEarlyShown } from './early';

const API = '/api/device/v1';
const SOFTWARE_VERSION = '1.0.0';
const RETRY_MS = 5000;
/** Theme versions kept in memory (with their files) besides the one shown. */
const HELD_VERSIONS = 3;

/** What the TV remembers across restarts, as a set keeps it in its flash. */
interface Stored {
  mac: string;
  sn: string;
  token?: string;
  installCode?: string;
  /** An installation batch's auth code (the batch's QR sheet brings it in the URL with the install code). */
  batchCode?: string;
  roomNumber?: string;
  /** The set's model when the browser TV runs on one (`?model=`): the hotel's remote codes are per model (docs/tvcode.md). */
  model?: string;
  /** The version on screen when the TV was switched off: drawn again at once when it is switched on. */
  shown?: ThemeConfigPart;
  /** The version whose payload is kept in local storage (`PAYLOAD_KEY`): read at once at switch-on. */
  payloadUrl?: string;
  /** The sound volume (0-100) a set-volume task or the menu's sound setting chose. */
  volume?: number;
}

export interface LoadedTheme {
  part: ThemeConfigPart;
  document: ThemeDocument;
  assets: Record<number, StageAsset>;
  /** The payload as received: kept in local storage while it is the version shown. */
  payload?: StoredPayload;
}

export type TvState =
  | { phase: 'setup'; error?: string }
  | { phase: 'connecting' }
  | { phase: 'offline' }
  | { phase: 'unauthorized'; reason?: string }
  | { phase: 'disabled'; tip: string | null }
  /** The hotel's licence does not let this TV run: expired, not in effect, disabled, or past its terminal limit. */
  | { phase: 'licence'; message: string }
  | { phase: 'ready'; theme: LoadedTheme | null; welcome: LoadedWelcome | null };

/** The welcome template shown before the launcher, with the room's guest (null: the fallback greeting). */
export interface LoadedWelcome extends LoadedTheme {
  guest: string | null;
}

export interface TvSnapshot {
  state: TvState;
  mac: string;
  config: DeviceConfig | null;
  /** Theme payloads downloaded since the page loaded (each version once). */
  downloads: number;
  /** The sound volume, 0-100: every sound the TV plays is at it. */
  volume: number;
}

const STORE_KEY = 'htv.tv';
const STORE_CACHE = 'htv.tv.versions';
/**
 * The shown version's payload, in local storage: a switched-on TV draws its live page from it without
 * waiting for the store (the Cache API answers in tens to hundreds of milliseconds on a busy set).
 */
export const PAYLOAD_KEY = 'htv.tv.payload';
/** Larger payloads are read from the store only (local storage is small and loaded at every start). */
const MAX_KEPT_PAYLOAD_CHARS = 600_000;

function randomId(length: number, alphabet: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errkey: string | undefined,
    message: string,
    /** The device token the call was made with. */
    readonly token?: string,
  ) {
    super(message);
  }
}

/** A theme version's payload as downloaded (the envelope) or kept. */
type StoredPayload = { data?: ThemePayload } & ThemePayload;

const kindOf = (mime: string): StageAsset['kind'] => (mime.startsWith('video/') ? 'video' : mime.startsWith('audio/') ? 'audio' : mime.startsWith('font/') ? 'font' : 'image');

/**
 * The browser TV's side of the device protocol (docs/devices.md): it keeps a MAC and SN of its own,
 * registers with the hotel's install code, boots, heartbeats at the interval the server asks,
 * listens on the push channel, fetches its configuration when the stamp changes, and downloads the
 * theme version it is sent (the payload once, its files as blobs) to draw it.
 */
export class TvDevice {
  private stored: Stored;
  private snapshot: TvSnapshot;
  private listeners = new Set<() => void>();
  private configEtag: string | undefined;
  private stamp: string | undefined;
  private heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  private polling = false;
  /** A registration is under way (`register`): 401s meanwhile concern the token it replaces. */
  private registering = false;
  private stopped = false;
  /** Versions held, newest last: one that comes back (a send cancelled) is not downloaded again. */
  private held = new Map<string, LoadedTheme>();
  /** Versions being loaded, so the one drawn at switch-on and the configuration's share one load. */
  private loading = new Map<string, Promise<LoadedTheme>>();
  /** A version drawn before its pictures were read, and the same with them (`withFiles`). */
  private withPictures = new WeakMap<LoadedTheme, LoadedTheme>();
  /** Why the registration left the TV unauthorized (a full installation batch), shown until authorized. */
  private unauthorizedReason: string | undefined;
  /** Installs the releases the configuration lists; its versions go in the heartbeats. */
  private readonly installer = browserInstaller(() => this.stored.token, (reports) =>
    this.mqtt.report(reports) ? Promise.resolve() : this.call('POST', '/releases/progress', { reports }),
  );
  /** Tracked events (the configuration's `tracking` part), sent with each heartbeat. */
  private readonly tracker = new EventTracker((body) => this.call('POST', '/events', body).then(() => true, () => false));

  /** Apps opened from the home screen, reported for the app launch log (docs/runlogs.md). */
  private readonly launches = new LaunchReporter((body) => this.call('POST', '/app-launches', body).then(() => true, () => false));

  constructor(private readonly lang: UiLang) {
    this.stored = TvDevice.load();
    this.snapshot = { state: { phase: 'connecting' }, mac: this.stored.mac, config: null, downloads: 0, volume: this.stored.volume ?? 100 };
  }

  /** An app block opened: reported with the next launch batch. */
  appOpened(packageName: string) {
    if (this.stored.token) this.launches.launched({ package: packageName });
  }

  /** Sets and keeps the sound volume (a task, the menu's sound setting). */
  setVolume(volume: number) {
    if (!Number.isInteger(volume) || volume < 0 || volume > 100) throw new Error(`volume ${volume} is not a whole number from 0 to 100`);
    this.stored = { ...this.stored, volume };
    this.save();
    this.set({ volume });
  }

  /** The installed software: this TV's version and the OTA and control packages of the releases (docs/releases.md). */
  versions() {
    return { software: SOFTWARE_VERSION, ota: this.installer.otaVersion, control: this.installer.controlVersion };
  }

  private static load(): Stored {
    try {
      const saved = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null') as Stored | null;
      if (saved?.mac && saved.sn) return saved;
    } catch {
      // a new identity below
    }
    const HEX = '0123456789ABCDEF';
    return { mac: `B7${randomId(10, HEX)}`, sn: `BTV${randomId(13, '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ')}` };
  }

  private save() {
    localStorage.setItem(STORE_KEY, JSON.stringify(this.stored));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** Areas that act on the configuration (boot files) listen to each one fetched, with the device token. */
  private configListeners = new Set<(config: DeviceConfig, token: string) => void>();
  onConfig(listener: (config: DeviceConfig, token: string) => void) {
    this.configListeners.add(listener);
  }

  private set(change: Partial<TvSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  /** Starts with the stored token, or the install code of the URL or of an earlier setup. */
  start(fromUrl: { installCode?: string; batchCode?: string; roomNumber?: string; model?: string }) {
    if (fromUrl.installCode) {
      this.stored = { ...this.stored, installCode: fromUrl.installCode, batchCode: fromUrl.batchCode, roomNumber: fromUrl.roomNumber ?? this.stored.roomNumber, model: fromUrl.model?.slice(0, 40) || this.stored.model, token: undefined };
      this.save();
    }
    if (this.stored.token) void this.online();
    else if (this.stored.installCode) void this.register();
    else this.set({ state: { phase: 'setup' } });
    window.addEventListener('keydown', () => this.tracker.track('keyPressed'));
  }

  /** The installer's form: the hotel's install code and the room. */
  setup(installCode: string, roomNumber: string) {
    this.stored = { ...this.stored, installCode: installCode.trim(), batchCode: undefined, roomNumber: roomNumber.trim() || undefined, token: undefined };
    this.save();
    void this.register();
  }

  stop() {
    this.stopped = true;
    this.mqtt.stop();
    clearTimeout(this.heartbeatTimer);
  }

  /** `started`: the same request already under way (index.html's, at switch-on). */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}, signal?: AbortSignal, started?: Promise<Response>): Promise<{ status: number; data?: T; etag?: string | null }> {
    const { token } = this.stored;
    const response = await (started ?? fetch(path.startsWith('/api/') ? path : `${API}${path}`, {
      method,
      signal,
      headers: {
        'accept-language': this.lang,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }));
    if (response.status === 304) return { status: 304, etag: response.headers.get('etag') };
    const envelope = (await response.json().catch(() => null)) as { code?: string; data?: T; errkey?: string; errmsg?: string } | null;
    if (!response.ok || envelope?.code !== '0') throw new ApiError(response.status, envelope?.errkey, envelope?.errmsg ?? response.statusText, token);
    return { status: response.status, data: envelope.data, etag: response.headers.get('etag') };
  }

  private async register() {
    this.registering = true;
    this.set({ state: { phase: 'connecting' } });
    try {
      const { data } = await this.call<RegisterResponse>('POST', '/register', {
        mac: this.stored.mac,
        sn: this.stored.sn,
        model: this.stored.model ?? 'Browser TV',
        clientType: 'web',
        launcher: 'browser-tv',
        softwareVersion: SOFTWARE_VERSION,
        installCode: this.stored.installCode,
        ...(this.stored.batchCode ? { batchCode: this.stored.batchCode } : {}),
        roomNumber: this.stored.roomNumber,
      });
      this.unauthorizedReason = data!.reason?.message;
      this.stored = { ...this.stored, token: data!.token };
      this.save();
      void this.online();
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
        this.set({ state: { phase: 'setup', error: error.message } });
      } else this.retry(() => this.register());
    } finally {
      this.registering = false;
    }
  }

  private retry(again: () => void) {
    this.set({ state: { phase: 'offline' } });
    if (!this.stopped) setTimeout(again, RETRY_MS);
  }

  /** A switched-on TV: boot record, configuration, heartbeats and the push channel. */
  private async online() {
    if (this.stored.shown) void this.drawShown(this.stored.shown);
    try {
      // The boot record and the configuration at once: the picture does not wait for the record.
      await Promise.all([this.call('POST', '/boot', { softwareVersion: SOFTWARE_VERSION, launcher: 'browser-tv' }), this.loadConfig()]);
      this.tracker.track('appOpened');
      this.scheduleHeartbeat(0);
      void this.listen();
    } catch (error) {
      this.fail(error, () => void this.online());
    }
  }

  /**
   * A revoked token registers again, once: a 401 while registering, or of a call made with a token
   * already replaced, concerns that token and is not acted on (each registration revokes the token
   * before it, so registering for each of several 401s would end each new token in turn, for ever).
   * Anything else is retried.
   */
  private fail(error: unknown, again: () => void) {
    if (error instanceof ApiError && error.status === 401) {
      if (this.replaced(error)) return;
      this.forgetPayload();
      this.stored = { ...this.stored, token: undefined, shown: undefined };
      this.save();
      clearTimeout(this.heartbeatTimer);
      this.stamp = undefined;
      this.configEtag = undefined;
      if (this.stored.installCode) void this.register();
      else this.set({ state: { phase: 'setup' } });
      return;
    }
    this.retry(again);
  }

  /** Whether a call's error concerns a token being replaced (a registration under way) or already replaced. */
  private replaced(error: ApiError): boolean {
    return this.registering || error.token !== this.stored.token;
  }

  private scheduleHeartbeat(seconds: number) {
    clearTimeout(this.heartbeatTimer);
    if (!this.stopped) this.heartbeatTimer = setTimeout(() => void this.heartbeat(), seconds * 1000);
  }

  private async heartbeat() {
    if (!this.stored.token) return;
    try {
      const { data } = await this.call<HeartbeatResponse>('POST', '/heartbeat', { state: 'on', softwareVersion: SOFTWARE_VERSION, launcher: 'browser-tv', otaVersion: this.installer.otaVersion, controlVersion: this.installer.controlVersion });
      if (data!.config !== this.stamp) await this.loadConfig();
      else this.checkLicence();
      await this.handle(data!.commands ?? []);
      void this.tracker.flush();
      void this.launches.flush();
      this.scheduleHeartbeat(data!.interval);
    } catch (error) {
      this.fail(error, () => this.scheduleHeartbeat(RETRY_MS / 1000));
    }
  }

  /**
   * MQTT over WebSocket when the configuration offers it; the long-poll below is the fallback. Once
   * MQTT is connected, the long-poll waiting at the server is given up.
   */
  private readonly mqtt = new MqttPush(
    (command) => void this.handle([command]),
    () => this.poll?.abort(),
  );
  private poll: AbortController | undefined;

  /** The push channel: a long-poll answered at once when a command arrives (idle while MQTT is connected). */
  private async listen() {
    if (this.polling) return;
    this.polling = true;
    while (!this.stopped && this.stored.token) {
      if (this.mqtt.connected) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      const poll = (this.poll = new AbortController());
      try {
        const { data } = await this.call<{ commands: DeviceCommand[] }>('GET', '/commands?wait=25', undefined, {}, poll.signal);
        await this.handle(data!.commands);
      } catch (error) {
        if (poll.signal.aborted) continue;
        if (error instanceof ApiError && error.status === 401) {
          // A token already replaced: poll on with the new one (the loop ends while there is none).
          if (this.replaced(error)) continue;
          this.polling = false;
          return this.fail(error, () => undefined);
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
    this.polling = false;
  }

  private async handle(commands: DeviceCommand[]) {
    for (const command of commands) {
      if (command.type === 'config') await this.loadConfig();
      if (command.type === 'unbind') this.fail(new ApiError(401, 'device.unregistered', 'unbound', this.stored.token), () => undefined);
      if (command.type === 'task') await this.runTasks();
      if (command.type === 'remote' && command.data) applyPhoneCommand(command.data as PhoneCommandData, this);
    }
  }

  /**
   * Switched on, the TV draws the version it showed before from its store while it asks for its
   * configuration (as a set draws its launcher from flash): the configuration then confirms it (no
   * redraw) or replaces it. Nothing is drawn once the configuration has answered first, nor when the
   * store no longer holds the version.
   */
  private async drawShown(part: ThemeConfigPart) {
    // From local storage, else read from the store by index.html while the scripts arrived.
    const inStorage = this.stored.payloadUrl === part.url ? readKeptPayload(part.url) : undefined;
    const early = inStorage ? undefined : takeEarlyShown(part.url);
    const kept = inStorage ?? (early ? await early.catch(() => null) : undefined);
    if (kept === null) return;
    if (!kept) {
      const store = await openStore();
      if (!(await store?.match(part.url))) return;
    }
    const theme = await this.load(part, kept).catch(() => null);
    if (!theme || this.stamp !== undefined || this.snapshot.state.phase !== 'connecting') return;
    this.set({ state: { phase: 'ready', theme: this.hold(part.url, theme), welcome: null } });
  }

  /** What the TV shows now, remembered for the next switch-on. */
  private remember(shown: ThemeConfigPart | undefined) {
    if (this.stored.shown?.url === shown?.url) return;
    if (this.stored.payloadUrl && this.stored.payloadUrl !== shown?.url) this.forgetPayload();
    this.stored = { ...this.stored, shown };
    this.save();
  }

  /** A version whose payload local storage could not take: not tried again for each configuration. */
  private payloadNotKept: string | undefined;

  /** Keeps the payload of the version shown in local storage for the next switch-on, once the TV has a moment. */
  private keepPayload(theme: LoadedTheme) {
    const { url } = theme.part;
    if (!theme.payload || this.stored.payloadUrl === url || this.payloadNotKept === url) return;
    const payload = theme.payload;
    setTimeout(() => {
      if (this.stored.shown?.url !== url || this.stored.payloadUrl === url) return;
      const text = JSON.stringify({ url, payload });
      try {
        if (text.length > MAX_KEPT_PAYLOAD_CHARS) throw new Error('too large');
        localStorage.setItem(PAYLOAD_KEY, text);
        this.stored = { ...this.stored, payloadUrl: url };
      } catch {
        // too large or storage full: the next switch-on reads it from the store
        this.payloadNotKept = url;
        this.forgetPayload();
      }
      this.save();
    }, 0);
  }

  private forgetPayload() {
    localStorage.removeItem(PAYLOAD_KEY);
    this.stored = { ...this.stored, payloadUrl: undefined };
  }

  /** `kept`: the version's payload already read from the store. */
  private load(part: ThemeConfigPart, kept?: StoredPayload): Promise<LoadedTheme> {
    const held = this.held.get(part.url);
    if (held) return Promise.resolve(held);
    let loading = this.loading.get(part.url);
    if (!loading) {
      loading = this.download(part, kept).finally(() => this.loading.delete(part.url));
      this.loading.set(part.url, loading);
    }
    return loading;
  }

  /**
   * Task work (docs/tasks.md): reboot reloads the page, refetch configuration, clear cache drops the
   * stored versions, set volume sets the volume of every sound it plays. A page cannot capture its own
   * screen, and the browser TV has no maintenance commands: those are reported unsupported.
   */
  private async runTasks() {
    const { data } = await this.call<{ tasks: TerminalTask[] }>('GET', '/tasks');
    await runPendingTasks(
      data!.tasks,
      {
        reboot: () => location.reload(),
        refetchConfig: async () => {
          this.configEtag = undefined;
          await this.loadConfig();
        },
        clearCache: async () => {
          this.held.clear();
          this.forgetPayload();
          this.save();
          await clearStore();
        },
        setVolume: (parameter) => this.setVolume(Number(parameter)),
        screenshot: () => {
          throw new TaskUnsupported('unsupported.screenshot', 'a web page cannot capture its own screen without the viewer’s consent');
        },
        maintenance: (parameter) => {
          throw new TaskUnsupported('unsupported.command', `the browser TV has no maintenance command ${parameter}`);
        },
      },
      (result) => this.call('POST', '/tasks/result', result),
    );
  }

  private async loadConfig() {
    // At switch-on the call index.html started with the same token is the first answer.
    const started = this.configEtag ? undefined : takeEarlyConfig(this.stored.token, this.lang);
    const answer = await this.call<DeviceConfig>('GET', '/config', undefined, this.configEtag ? { 'if-none-match': this.configEtag } : {}, undefined, started);
    if (answer.status === 304) return;
    const config = answer.data!;
    this.configEtag = answer.etag ?? undefined;
    this.stamp = config.stamp;
    this.set({ config });
    for (const listener of this.configListeners) listener(config, this.stored.token!);
    this.tracker.configure(config.tracking as TrackingConfigPart | undefined);
    void this.mqtt.follow(config).catch(() => undefined);
    const { state, tip } = config.authorization;
    this.remember(state === 'authorized' ? ((config.theme as ThemeConfigPart | null | undefined) ?? undefined) : undefined);
    if (state === 'unauthorized') return this.set({ state: { phase: 'unauthorized', reason: this.unauthorizedReason } });
    this.unauthorizedReason = undefined;
    if (state === 'disabled') return this.set({ state: { phase: 'disabled', tip } });
    void this.installer.sync(config['releases' as keyof DeviceConfig] as ReleaseItem[] | undefined);
    if (this.checkLicence()) return;
    const themePart = (config.theme as ThemeConfigPart | null | undefined) ?? null;
    const welcomePart = (config.welcome as WelcomeConfigPart | null | undefined) ?? null;
    const theme = themePart && (await this.loaded(themePart));
    if (theme) this.keepPayload(theme);
    const welcome = welcomePart && { ...(await this.loaded(welcomePart)), guest: welcomePart.guest };
    const shown = this.snapshot.state;
    const same = (a: LoadedWelcome | null, b: LoadedWelcome | null) => a?.part.url === b?.part.url && a?.guest === b?.guest;
    if (shown.phase === 'ready' && shown.theme === theme && same(shown.welcome, welcome)) return;
    this.set({ state: { phase: 'ready', theme, welcome } });
  }

  /** A version the TV holds, else downloaded; kept among the held ones. */
  private async loaded(part: ThemeConfigPart): Promise<LoadedTheme> {
    return this.hold(part.url, await this.load(part));
  }

  /** A call of the TV's API for an area: `path` below the device API (`/shop/orders`) or a whole `/api/…` path, with the device token. */
  async areaCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const { data } = await this.call<T>(method, path, body);
    return data as T;
  }

  /** The guest feedback page's address and QR code for this TV (hotel and room bound by a signed token). */
  async feedbackQr(): Promise<{ url: string; qr: string }> {
    const { data } = await this.call<{ url: string; qr: string }>('GET', '/feedback-qr');
    return data!;
  }

  /** The laundry page's QR code (docs/laundry.md): a signed token naming this TV, hence its hotel and room. */
  async laundryQr(): Promise<{ url: string; qr: string }> {
    const { data } = await this.call<{ url: string; qr: string }>('GET', '/laundry/qr');
    return data!;
  }

  /** The phone pairing QR code: a short-lived single-use code (docs/phone.md), drawn again before `expiresAt`. */
  async pairingQr(): Promise<{ url: string; qr: string; expiresAt: string }> {
    const { data } = await this.call<{ url: string; qr: string; expiresAt: string }>('GET', '/phone/pair');
    return data!;
  }

  /**
   * Shows the licence screen when the configuration's licence does not let the TV run, or when the
   * day (the TV's own clock) is past the licence's expiry, which the server's answer cannot foresee.
   */
  private checkLicence(): boolean {
    const licence = this.snapshot.config?.licence as LicenceConfigPart | undefined;
    if (!licence || this.snapshot.config?.authorization.state !== 'authorized') return false;
    const expired = licence.state === 'valid' && new Date().toISOString().slice(0, 10) > licence.expiresOn;
    if (licence.state === 'valid' && !expired) return false;
    this.set({ state: { phase: 'licence', message: expired ? words(this.lang)('licenceExpired') : licence.message } });
    return true;
  }

  /** Holds a version (with its pictures once they are read) and answers the one held. */
  private hold(url: string, loaded: LoadedTheme): LoadedTheme {
    const theme = this.withPictures.get(loaded) ?? loaded;
    this.held.delete(url);
    this.held.set(url, theme);
    for (const [oldUrl, old] of this.held) {
      if (this.held.size <= HELD_VERSIONS) break;
      this.held.delete(oldUrl);
      for (const asset of Object.values(old.assets)) URL.revokeObjectURL(asset.url);
    }
    return theme;
  }

  /**
   * A version's payload at its immutable address, and each of its files once, kept as blobs. It
   * answers as soon as the document is read, so the page is drawn and takes the remote at once; its
   * pictures follow (`withFiles`), drawn when all are read.
   */
  private async download(part: ThemeConfigPart, kept?: StoredPayload): Promise<LoadedTheme> {
    // A payload already read does not wait for the store to open: its files do.
    const store = openStore();
    const payload = kept ?? ((await (await this.fetchKept(await store, part.url, () => this.set({ downloads: this.snapshot.downloads + 1 }))).json()) as StoredPayload);
    const body = payload.data ?? payload;
    const theme: LoadedTheme = { part, document: body.document as ThemeDocument, assets: {}, payload };
    if (body.assets.length) void this.withFiles(store, theme, body.assets);
    else void store.then((opened) => forgetOtherVersions(opened, [...this.held.keys(), part.url])).catch(() => undefined);
    return theme;
  }

  /** The version's files read (the store, else downloaded): it takes the place of the one without them, on screen too. */
  private async withFiles(opening: Promise<Cache | undefined>, theme: LoadedTheme, files: ThemePayload['assets']) {
    const store = await opening;
    const assets: Record<number, StageAsset> = {};
    await Promise.all(
      files.map(async (asset) => {
        const file = await this.fetchKept(store, asset.url).catch(() => null);
        if (file) assets[asset.materialId] = { url: URL.createObjectURL(await file.blob()), kind: kindOf(asset.mime) };
      }),
    );
    const complete: LoadedTheme = { ...theme, assets };
    const url = theme.part.url;
    this.withPictures.set(theme, complete);
    if (this.held.get(url) === theme) this.held.set(url, complete);
    const state = this.snapshot.state;
    if (state.phase === 'ready' && (state.theme === theme || state.welcome?.part.url === url)) {
      this.set({ state: { ...state, theme: state.theme === theme ? complete : state.theme, welcome: state.welcome?.part.url === url ? { ...complete, guest: state.welcome.guest } : state.welcome } });
    }
    // Not on the way to the picture: the store's listing waits for its own turn.
    void forgetOtherVersions(store, [...this.held.keys(), url]).catch(() => undefined);
  }

  /**
   * An immutable file of a version: from the TV's store when it holds it (a switched-on TV draws its
   * theme without downloading it again), else downloaded with the device token and kept.
   */
  private async fetchKept(store: Cache | undefined, url: string, downloaded?: () => void): Promise<Response> {
    const kept = await store?.match(url);
    if (kept) return kept;
    const { token } = this.stored;
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new ApiError(response.status, undefined, response.statusText, token);
    downloaded?.();
    await store?.put(url, response.clone()).catch(() => undefined);
    return response;
  }
}

/** The kept payload of version `url`, if local storage holds it. */
function readKeptPayload(url: string): StoredPayload | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(PAYLOAD_KEY) ?? 'null') as { url: string; payload: StoredPayload } | null;
    return kept?.url === url ? kept.payload : undefined;
  } catch {
    return undefined;
  }
}

let store: Promise<Cache | undefined> | undefined;

/** The TV's store of downloaded versions (the Cache API; absent outside a secure context), opened once. */
function openStore(): Promise<Cache | undefined> {
  store ??= 'caches' in globalThis ? caches.open(STORE_CACHE).catch(() => undefined) : Promise.resolve(undefined);
  return store;
}

/** Empties the store (the clear-cache task); the next use opens a new one. */
async function clearStore(): Promise<void> {
  store = undefined;
  if ('caches' in globalThis) await caches.delete(STORE_CACHE);
}

/** Drops the kept files of versions other than `urls` (a payload's address and its files share a prefix). */
async function forgetOtherVersions(store: Cache | undefined, urls: readonly string[]): Promise<void> {
  if (!store) return;
  const prefixes = urls.map((url) => url.replace(/[^/]+$/, ''));
  for (const request of await store.keys()) {
    const path = new URL(request.url).pathname;
    if (!prefixes.some((prefix) => path.startsWith(prefix))) await store.delete(request);
  }
}
