import {
  DEVICE_API_BASE,
  type CommandsResponse,
  type DeviceCommand,
  type DeviceConfig,
  type HeartbeatResponse,
  type RegisterRequest,
  type RegisterResponse,
} from '@htv/shared/areas/devices/protocol';
import type { ThemeConfigPart, ThemePayload } from '@htv/shared/areas/themes/index';
import type { BootConfigPart } from '@htv/shared/areas/boot/device';
import type { ProgressReport, ReleaseItem } from '@htv/shared/areas/releases/index';
import { ReleaseInstaller } from '@htv/shared/areas/releases/installer';
import { TRACKED_EVENTS, type TrackingConfigPart } from '@htv/shared/areas/tracking/index';
import { EventTracker } from '@htv/shared/areas/tracking/tracker';
import { LaunchReporter } from '@htv/shared/areas/runlogs/reporter';
import type { TaskResultRequest, TerminalTask } from '@htv/shared/areas/tasks/protocol';
import { runPendingTasks, type TaskActions } from '@htv/shared/areas/tasks/runner';
import type { SurveyPart, SurveyReport } from '@htv/shared/areas/hotelsurvey/device';
import { PUBLISH_RECEIPT_IDS_MAX, PUBLISH_RECEIPTS_PATH, type PublishedOnTv, type PublishReceiptRequest } from '@htv/shared/areas/publishing/device';
import { QUESTIONNAIRE_ANSWER_PATH, type QuestionnaireAnswerRequest, type QuestionnaireOnTv, type QuestionnairesPart } from '@htv/shared/areas/questionnaires/device';
import mqtt, { type MqttClient } from 'mqtt';
import { createHash } from 'node:crypto';
import { JsonClient, type HttpResponse } from './http.js';

export { JsonClient } from './http.js';

/** The MAC of the n-th virtual TV of a seed: 12 upper-case hex digits, the same on every run. */
export function macFor(seed: string, index: number): string {
  return createHash('sha256').update(`${seed}:mac:${index}`).digest('hex').slice(0, 12).toUpperCase();
}

/** The SN of the n-th virtual TV of a seed (18 characters). */
export function snFor(seed: string, index: number): string {
  return `SIM${createHash('sha256').update(`${seed}:sn:${index}`).digest('hex').slice(0, 15).toUpperCase()}`;
}

export type TvEvent =
  | { type: 'registered'; authorization: string; hotel: RegisterResponse['hotel']; roomNumber: string | null; reason?: string }
  | { type: 'config'; status: 200 | 304; authorization?: string; tip?: string | null; sceneMode?: string }
  | { type: 'disabled'; tip: string }
  | { type: 'command'; command: DeviceCommand; via: 'http' | 'mqtt' }
  | { type: 'mqtt'; connected: boolean }
  | { type: 'unbound' }
  | { type: 'theme'; themeId: number | null; version: number | null; assets: number }
  | { type: 'boot'; policyId: number | null; files: number; failed: number }
  | { type: 'content'; files: number; failed: number; held: number }
  | { type: 'release'; actionId: number; kind: string; versionName: string; state: 'success' | 'failed' }
  | { type: 'heartbeat'; ms: number }
  | { type: 'task'; logId: number; action: string; state: TaskResultRequest['state'] }
  | { type: 'survey'; surveyId: number; verdict: string | null }
  /** Items published to the room that the TV holds for the first time (`kind`: the publishable's record name). */
  | { type: 'published'; kind: string; ids: number[] }
  | { type: 'answered'; questionnaireId: number; optionId: number; status: number }
  | { type: 'error'; message: string };

export interface TvOptions {
  url: string;
  seed: string;
  index: number;
  /** Hotel install code (`publicId-secret`, shown in the console). */
  installCode?: string;
  roomNumber?: string;
  /** Seconds between heartbeats; default: what the server asks for. */
  interval?: number;
  /** Listen on the push channel (default true): MQTT when the configuration names a broker, else the long-poll. */
  push?: boolean;
  /** Use MQTT when the configuration offers it (default true); false: long-poll only. */
  mqtt?: boolean;
  /** Report every heartbeat as an event (noisy). */
  verboseHeartbeats?: boolean;
  /** Seconds over which the first heartbeat is drawn at random (default: the interval, at most 5). */
  spreadSeconds?: number;
  /** Share of release installs that fail (0-1, default 0): shows the rollouts' error thresholds working. */
  installFailureShare?: number;
  /** Milliseconds a simulated install takes (default 200). */
  installMs?: number;
  /** Tracked events of random kinds the TV records per heartbeat (sampled and sent as the `tracking` part says; default 0). */
  eventsPerHeartbeat?: number;
  /** Chance (0-1) per heartbeat that the TV opens one of SIMULATED_APPS, reported for the app launch log (default 0). */
  appLaunchShare?: number;
  /** Report `delivered` receipts for the items published to the room, as the browser TV does (default false). */
  receipts?: boolean;
  /**
   * The guest's answer to a questionnaire of the room not answered yet: an option id, or null to leave
   * it for now (asked again at the next configuration). Default: never answers.
   */
  answer?: (questionnaire: QuestionnaireOnTv, tv: VirtualTv) => number | null;
  /**
   * Configuration parts whose signed files the TV downloads as a TV showing them would (e.g.
   * `['introduction', 'music']`; default none): each file once, by its id, whatever address it comes at.
   */
  contentParts?: readonly string[];
  /** Device fields to send at registration (defaults describe a 55" Android hotel TV). */
  device?: Partial<RegisterRequest>;
  client?: JsonClient;
  onEvent?: (tv: VirtualTv, event: TvEvent) => void;
}

type Envelope<T> = { code: string; data: T; errkey?: string; errmsg?: string };

/** The configuration parts that carry items published to the room: part → the publishable's record name and the part's list. */
const PUBLISHED_PARTS: Record<string, { kind: string; list: string }> = {
  guestMessages: { kind: 'guestMessage', list: 'messages' },
  notices: { kind: 'messageNotice', list: 'notices' },
  subtitles: { kind: 'subtitle', list: 'subtitles' },
  imageMessages: { kind: 'imageMessage', list: 'messages' },
  questionnaires: { kind: 'questionnaire', list: 'questionnaires' },
};

/** Waits, or less when the signal aborts; the abort listener goes with the wait (loops sleep thousands of times). */
/** The apps a simulated TV opens now and then (`appLaunchShare`). */
export const SIMULATED_APPS = [
  { package: 'com.hoteltv.video', appName: 'Hotel Video', versionName: '2.3.1' },
  { package: 'com.hoteltv.music', appName: 'Music', versionName: '1.8.0' },
  { package: 'com.hoteltv.guide', appName: 'City Guide', versionName: '4.0.2' },
];

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * One virtual TV: registers, reports a boot, heartbeats at the interval the server chooses, fetches
 * its configuration with ETag revalidation when the stamp changes, listens on the push channel,
 * honours disable (shows the tip) and unbind (forgets its hotel and registers again unassigned).
 */
export class VirtualTv {
  readonly mac: string;
  readonly sn: string;
  token: string | undefined;
  terminalId: number | undefined;
  authorization: string | undefined;
  config: DeviceConfig | undefined;
  heartbeats = 0;
  readonly commands: DeviceCommand[] = [];
  /** The volume a `setVolume` task set (null until one did). */
  volume: number | null = null;
  /** The theme version held, and how many theme documents and asset files were downloaded. */
  theme: ThemePayload | undefined;
  themeDownloads = 0;
  assetDownloads = 0;
  private themeEtag: string | undefined;
  /** The boot policy held (its etag) and how many boot files were downloaded. */
  bootEtag: string | undefined;
  bootDownloads = 0;
  /** Installs the releases the configuration lists; its versions go in the heartbeats. */
  readonly releases: ReleaseInstaller;
  private readonly assetsHeld = new Set<string>();
  /** Files of the content parts downloaded (each file id once), and the ids held. */
  contentDownloads = 0;
  readonly contentHeld = new Set<string>();
  private installCode: string | undefined;
  private roomNumber: string | undefined;
  private etag: string | undefined;
  private stamp: string | undefined;
  private interval: number;
  private readonly client: JsonClient;
  private readonly ownsClient: boolean;
  private abort = new AbortController();
  /** The MQTT push channel while the configuration names a broker; the long-poll waits while it is connected. */
  private mqttClient: MqttClient | undefined;
  /** Where release progress goes while MQTT is connected (the `push` part's `progress`). */
  private progressTopic: string | undefined;
  private loops: Promise<void>[] = [];
  /** The registration after a revoked token, while it runs (`unbound`). */
  private registering: Promise<unknown> | undefined;
  /** Tracked events (the configuration's `tracking` part), sent with each heartbeat. */
  /** App launches, sent with the heartbeats (docs/runlogs.md). */
  readonly launches = new LaunchReporter((body) => this.call('POST', `${DEVICE_API_BASE}/app-launches`, body).then((data) => data !== undefined), 0);
  readonly tracker = new EventTracker((body) => this.call('POST', `${DEVICE_API_BASE}/events`, body).then((data) => data !== undefined));

  constructor(readonly options: TvOptions) {
    this.mac = macFor(options.seed, options.index);
    this.sn = snFor(options.seed, options.index);
    this.installCode = options.installCode;
    this.roomNumber = options.roomNumber;
    this.interval = options.interval ?? 60;
    this.ownsClient = !options.client;
    this.client = options.client ?? new JsonClient(options.url, { maxSockets: 4 });
    this.releases = new ReleaseInstaller(
      {
        download: async (url, from) => {
          const res = await this.client.request('GET', url, { headers: { ...this.auth(), ...(from ? { range: `bytes=${from}-` } : {}) }, signal: this.abort.signal });
          return { status: res.status, bytes: res.raw };
        },
        report: (reports) => this.reportProgress(reports),
        sleep: (ms) => sleep(ms, this.abort.signal),
      },
      {
        failureShare: options.installFailureShare,
        installMs: options.installMs,
        onResult: (item, state) => this.emit({ type: 'release', actionId: item.actionId, kind: item.kind, versionName: item.versionName, state }),
      },
    );
  }

  /** The firmware and control versions reported at registration and in heartbeats. */
  get otaVersion(): string {
    return this.releases.otaVersion ?? '20250101';
  }

  get controlVersion(): string {
    return this.releases.controlVersion ?? '1.0';
  }

  /** App versions installed by releases, by package. */
  get apps(): ReadonlyMap<string, string> {
    return this.releases.apps;
  }

  private emit(event: TvEvent) {
    this.options.onEvent?.(this, event);
  }

  private auth(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  async register(): Promise<RegisterResponse> {
    const body: RegisterRequest = {
      mac: this.mac,
      sn: this.sn,
      wifiMac: macFor(this.options.seed, this.options.index + 1_000_000),
      model: 'SIM-55U',
      size: '55',
      vendor: 'Simulator',
      clientType: 'android',
      launcher: 'hotelos',
      softwareVersion: '3.1.0',
      otaVersion: this.otaVersion,
      controlVersion: this.controlVersion,
      ip: `10.0.${Math.floor(this.options.index / 250) % 250}.${(this.options.index % 250) + 2}`,
      ...(this.installCode ? { installCode: this.installCode } : {}),
      ...(this.roomNumber ? { roomNumber: this.roomNumber } : {}),
      ...this.options.device,
    };
    let res = await this.client.request<Envelope<RegisterResponse>>('POST', `${DEVICE_API_BASE}/register`, { body, signal: this.abort.signal });
    // Over the registration limits: wait as told (as a TV would), then try again.
    while (res.status === 429 && !this.abort.signal.aborted) {
      await sleep(Number(res.headers['retry-after'] ?? 5) * 1000, this.abort.signal);
      res = await this.client.request<Envelope<RegisterResponse>>('POST', `${DEVICE_API_BASE}/register`, { body, signal: this.abort.signal });
    }
    if (res.status !== 200 || !res.body) throw new Error(`register ${this.mac}: HTTP ${res.status} ${res.body?.errmsg ?? ''} ${JSON.stringify(res.body?.['errors' as never] ?? '')}`);
    const data = res.body.data;
    this.token = data.token;
    this.terminalId = data.terminalId;
    this.authorization = data.authorization;
    if (!this.options.interval) this.interval = data.interval;
    this.emit({ type: 'registered', authorization: data.authorization, hotel: data.hotel, roomNumber: data.roomNumber, reason: data.reason?.message });
    return data;
  }

  async boot(): Promise<void> {
    await this.call('POST', `${DEVICE_API_BASE}/boot`, { softwareVersion: '3.1.0', launcher: 'hotelos' });
  }

  async heartbeat(): Promise<HeartbeatResponse | undefined> {
    const started = performance.now();
    const token = this.token;
    const res = await this.call<HeartbeatResponse>('POST', `${DEVICE_API_BASE}/heartbeat`, { state: 'on', softwareVersion: '3.1.0', otaVersion: this.otaVersion, controlVersion: this.controlVersion });
    if (!res) return undefined;
    this.heartbeats++;
    if (this.options.verboseHeartbeats) this.emit({ type: 'heartbeat', ms: performance.now() - started });
    if (!this.options.interval && res.interval) this.interval = res.interval;
    for (const command of res.commands ?? []) await this.handle(command, 'http', token);
    if (res.config !== this.stamp) await this.fetchConfig();
    for (let i = 0; i < (this.options.eventsPerHeartbeat ?? 0); i++) this.tracker.track(TRACKED_EVENTS[Math.floor(Math.random() * TRACKED_EVENTS.length)]!);
    await this.tracker.flush();
    if (Math.random() < (this.options.appLaunchShare ?? 0)) this.launches.launched(SIMULATED_APPS[Math.floor(Math.random() * SIMULATED_APPS.length)]!);
    await this.launches.flush();
    return res;
  }

  /** GET /config with If-None-Match; a 304 keeps the configuration already held. */
  async fetchConfig(): Promise<DeviceConfig | undefined> {
    const token = this.token;
    const res = await this.client.request<Envelope<DeviceConfig>>('GET', `${DEVICE_API_BASE}/config`, {
      headers: { ...this.auth(), ...(this.etag ? { 'if-none-match': this.etag } : {}) },
      signal: this.abort.signal,
    });
    if (res.status === 401) return void (await this.unbound(token));
    const stamp = res.headers['x-config-stamp'] as string | undefined;
    if (res.status === 304) {
      this.stamp = stamp;
      this.emit({ type: 'config', status: 304 });
      return this.config;
    }
    if (res.status !== 200 || !res.body) return void this.emit({ type: 'error', message: `config: HTTP ${res.status}` });
    this.config = res.body.data;
    this.tracker.configure(this.config.tracking as TrackingConfigPart | undefined);
    this.etag = res.headers.etag as string | undefined;
    this.stamp = stamp ?? this.config.stamp;
    const previous = this.authorization;
    this.authorization = this.config.authorization.state;
    this.emit({ type: 'config', status: 200, authorization: this.authorization, tip: this.config.authorization.tip, sceneMode: this.config.sceneMode });
    this.listenMqtt();
    if (this.authorization === 'disabled' && previous !== 'disabled') this.emit({ type: 'disabled', tip: this.config.authorization.tip ?? '' });
    await this.syncTheme();
    await this.syncBoot();
    await this.syncContent();
    void this.releases.sync(this.config?.['releases' as keyof DeviceConfig] as ReleaseItem[] | undefined);
    void this.runSurvey();
    await this.syncPublished();
    await this.answerQuestionnaires();
    return this.config;
  }

  /** Ids of published items held, by kind (what `published` events and delivered receipts were sent for). */
  readonly published = new Map<string, Set<number>>();

  /**
   * The items published to the room (docs/publishing.md): the ones held for the first time are a
   * `published` event and, with `receipts`, a `delivered` receipt (at most 100 ids a receipt).
   */
  private async syncPublished(): Promise<void> {
    for (const [part, { kind, list }] of Object.entries(PUBLISHED_PARTS)) {
      const items = ((this.config?.[part as keyof DeviceConfig] as Record<string, PublishedOnTv[]> | null | undefined)?.[list] ?? []) as PublishedOnTv[];
      const held = this.published.get(kind) ?? new Set<number>();
      this.published.set(kind, held);
      const fresh = items.map((item) => item.id).filter((id) => !held.has(id));
      if (!fresh.length) continue;
      for (const id of fresh) held.add(id);
      this.emit({ type: 'published', kind, ids: fresh });
      if (!this.options.receipts) continue;
      for (let i = 0; i < fresh.length; i += PUBLISH_RECEIPT_IDS_MAX) {
        const body: PublishReceiptRequest = { kind, ids: fresh.slice(i, i + PUBLISH_RECEIPT_IDS_MAX), state: 'delivered' };
        await this.call('POST', `${DEVICE_API_BASE}${PUBLISH_RECEIPTS_PATH}`, body);
      }
    }
  }

  /** The guest answers the room's open questionnaires with the remote (`answer`), once per stay (the server decides). */
  private async answerQuestionnaires(): Promise<void> {
    const choose = this.options.answer;
    const part = this.config?.['questionnaires' as keyof DeviceConfig] as QuestionnairesPart | null | undefined;
    if (!choose || !part) return;
    for (const questionnaire of part.questionnaires) {
      if (questionnaire.answered !== null) continue;
      const optionId = choose(questionnaire, this);
      if (optionId === null) continue;
      const body: QuestionnaireAnswerRequest = { questionnaireId: questionnaire.id, optionId };
      const res = await this.client
        .request<Envelope<unknown>>('POST', `${DEVICE_API_BASE}${QUESTIONNAIRE_ANSWER_PATH}`, { headers: this.auth(), body, signal: this.abort.signal })
        .catch(() => null);
      this.emit({ type: 'answered', questionnaireId: questionnaire.id, optionId, status: res?.status ?? 0 });
    }
  }

  private surveyRun: string | undefined;

  /**
   * A hotel survey's check (the `survey` part, docs/hotelsurvey.md): once per run, times the pings and
   * the test file's download and reports them (model and firmware are the server's from registration).
   */
  private async runSurvey(): Promise<void> {
    const part = this.config?.['survey' as keyof DeviceConfig] as SurveyPart | undefined;
    if (!part || part.runId === this.surveyRun) return;
    this.surveyRun = part.runId;
    const timed = async <T>(path: string) => {
      const started = performance.now();
      const res = await this.client.request<Envelope<T>>('GET', `${DEVICE_API_BASE}${path}`, { headers: this.auth(), signal: this.abort.signal }).catch(() => null);
      return res?.status === 200 ? { ms: Math.round(performance.now() - started), data: res.body?.data } : null;
    };
    const pingsMs: (number | null)[] = [];
    for (let i = 0; i < part.pings; i++) pingsMs.push((await timed('/survey/ping'))?.ms ?? null);
    const file = await timed<{ payload: string }>('/survey/download');
    const report: SurveyReport = { surveyId: part.surveyId, runId: part.runId, pingsMs, downloadBytes: file?.data?.payload.length ?? null, downloadMs: file?.ms ?? null };
    const res = await this.client.request<Envelope<{ verdict: string }>>('POST', `${DEVICE_API_BASE}/survey/report`, { headers: this.auth(), body: report, signal: this.abort.signal }).catch(() => null);
    if (res?.status !== 200) this.surveyRun = undefined;
    this.emit({ type: 'survey', surveyId: part.surveyId, verdict: res?.status === 200 ? (res.body?.data.verdict ?? null) : null });
  }

  /**
   * Downloads the theme version the configuration names when it is not the one held (versions live at
   * immutable addresses: each is downloaded once), then the asset files not held yet, checking their
   * SHA-256.
   */
  private async syncTheme(): Promise<void> {
    const part = this.config?.theme as ThemeConfigPart | null | undefined;
    if (!part) {
      if (this.theme) this.emit({ type: 'theme', themeId: null, version: null, assets: 0 });
      this.theme = undefined;
      this.themeEtag = undefined;
      return;
    }
    if (part.etag === this.themeEtag) return;
    const res = await this.client.request<ThemePayload>('GET', part.url, { headers: this.auth(), signal: this.abort.signal });
    if (res.status !== 200 || !res.body) return void this.emit({ type: 'error', message: `theme ${part.url}: HTTP ${res.status}` });
    const sha = createHash('sha256').update(res.raw).digest('hex');
    if (`"${sha}"` !== part.etag) return void this.emit({ type: 'error', message: `theme ${part.url}: content does not match its ETag` });
    this.themeDownloads++;
    for (const asset of res.body.assets) {
      if (this.assetsHeld.has(asset.sha256)) continue;
      const file = await this.client.request('GET', asset.url, { headers: this.auth(), signal: this.abort.signal });
      if (file.status !== 200 || createHash('sha256').update(file.raw).digest('hex') !== asset.sha256) return void this.emit({ type: 'error', message: `asset ${asset.url}: HTTP ${file.status}` });
      this.assetsHeld.add(asset.sha256);
      this.assetDownloads++;
    }
    this.theme = res.body;
    this.themeEtag = part.etag;
    this.emit({ type: 'theme', themeId: res.body.themeId, version: res.body.version, assets: res.body.assets.length });
  }

  /**
   * Downloads the files the content parts name (`contentParts`: introductions, music…) that are not
   * held yet: every signed device-file address in them (`/api/device/v1/<area>-files/<terminal>/<file id>/…`),
   * each file id once, as a TV caching what it shows.
   */
  private async syncContent(): Promise<void> {
    const names = this.options.contentParts;
    if (!names?.length || !this.config) return;
    const text = JSON.stringify(names.map((name) => (this.config as Record<string, unknown>)[name] ?? null));
    const wanted = new Map<string, string>();
    for (const match of text.matchAll(/"(\/api\/device\/v1\/[a-z-]+-files\/\d+\/([0-9a-f-]{36})\/[^"]+)"/g)) if (!this.contentHeld.has(match[2]!)) wanted.set(match[2]!, match[1]!);
    let files = 0;
    let failed = 0;
    for (const [id, url] of wanted) {
      const res = await this.client.request('GET', url, { signal: this.abort.signal }).catch(() => null);
      if (res?.status !== 200) {
        failed++;
        this.emit({ type: 'error', message: `content file ${url}: HTTP ${res?.status ?? 'failed'}` });
        continue;
      }
      this.contentHeld.add(id);
      this.contentDownloads++;
      files++;
    }
    this.emit({ type: 'content', files, failed, held: this.contentHeld.size });
  }

  /**
   * Downloads the files of the boot policy the configuration names when it is not the one held (files
   * it holds by SHA-256 are not fetched again), reporting each as a download task: downloading, then
   * success, or failed with the reason (an HTTP status or a SHA-256 that does not match).
   */
  private async syncBoot(): Promise<void> {
    const policy = (this.config as { boot?: BootConfigPart } | undefined)?.boot?.policy;
    if (!policy || policy.etag === this.bootEtag) return;
    let failed = 0;
    let files = 0;
    for (const [name, file] of Object.entries(policy.files)) {
      if (this.assetsHeld.has(file.sha256)) continue;
      const report = (state: string, reason?: string) =>
        this.client.request('POST', `${DEVICE_API_BASE}/download-tasks`, { headers: this.auth(), signal: this.abort.signal, body: { kind: 'boot', subjectId: policy.id, name, url: file.url, sha256: file.sha256, size: file.size, state, ...(reason ? { reason } : {}) } });
      await report('downloading');
      const res = await this.client.request('GET', file.url, { headers: this.auth(), signal: this.abort.signal });
      const reason = res.status !== 200 ? `HTTP ${res.status}` : createHash('sha256').update(res.raw).digest('hex') !== file.sha256 ? 'SHA-256 mismatch' : undefined;
      await report(reason ? 'failed' : 'success', reason);
      if (reason) failed++;
      else {
        this.assetsHeld.add(file.sha256);
        this.bootDownloads++;
        files++;
      }
    }
    if (!failed) this.bootEtag = policy.etag;
    this.emit({ type: 'boot', policyId: policy.id, files, failed });
  }

  /** True while commands arrive over MQTT. */
  get mqttConnected(): boolean {
    return this.mqttClient?.connected ?? false;
  }

  /**
   * Connects to the broker the configuration names, with the credentials it carries, subscribes to its
   * command topics and acknowledges each command; new credentials (a new registration) reconnect.
   */
  private listenMqtt() {
    const part = (this.config?.push as { mqtt?: { url: string; clientId: string; username: string; password: string; subscribe: string[]; ack: string; progress?: string } } | undefined)?.mqtt;
    if (this.options.push === false || this.options.mqtt === false || this.abort.signal.aborted) return;
    const held = this.mqttClient?.options;
    if (part && held?.username === part.username && held.password === part.password) return;
    this.closeMqtt();
    if (!part) return;
    const client = mqtt.connect(part.url, { clientId: part.clientId, username: part.username, password: part.password, reconnectPeriod: 2000, connectTimeout: 5000 });
    this.mqttClient = client;
    this.progressTopic = part.progress;
    client.on('connect', () => {
      client.subscribe(part.subscribe, { qos: 1 });
      this.emit({ type: 'mqtt', connected: true });
    });
    client.on('close', () => this.emit({ type: 'mqtt', connected: false }));
    client.on('error', () => {}); // reconnects; the long-poll covers the gap
    client.on('message', (_topic, payload) => {
      let command: DeviceCommand;
      try {
        command = JSON.parse(payload.toString()) as DeviceCommand;
      } catch {
        return;
      }
      client.publish(part.ack, JSON.stringify({ id: command.id, type: command.type }), { qos: 1 });
      void this.handle(command, 'mqtt').catch((error) => this.emit({ type: 'error', message: String(error) }));
    });
  }

  private closeMqtt() {
    this.mqttClient?.end(true);
    this.mqttClient = undefined;
    this.progressTopic = undefined;
  }

  /** Release progress: on the terminal's MQTT progress topic while connected (QoS 1: resolved once the broker has it), else over HTTP. */
  private reportProgress(reports: ProgressReport[]): Promise<unknown> {
    const client = this.mqttClient;
    if (client?.connected && this.progressTopic) return client.publishAsync(this.progressTopic, JSON.stringify({ reports }), { qos: 1 });
    return this.call('POST', `${DEVICE_API_BASE}/releases/progress`, { reports });
  }

  /** `token`: the one the command came with (an `unbind` of a token already replaced is done). */
  private async handle(command: DeviceCommand, via: 'http' | 'mqtt' = 'http', token = this.token) {
    this.commands.push(command);
    this.emit({ type: 'command', command, via });
    if (command.type === 'config') await this.fetchConfig();
    if (command.type === 'unbind') await this.unbound(token);
    if (command.type === 'task') await this.runTasks();
  }

  /** Task work (docs/tasks.md): reboot boots again, refetch configuration, clear cache, set volume; the others are unsupported. */
  async runTasks(): Promise<void> {
    const data = await this.call<{ tasks: TerminalTask[] }>('GET', `${DEVICE_API_BASE}/tasks`);
    const actions: TaskActions = {
      reboot: () => this.boot(),
      refetchConfig: async () => {
        this.etag = undefined;
        await this.fetchConfig();
      },
      clearCache: () => {
        this.theme = undefined;
        this.themeEtag = undefined;
        this.bootEtag = undefined;
        this.assetsHeld.clear();
      },
      setVolume: (parameter) => {
        this.volume = Number(parameter);
      },
    };
    await runPendingTasks(data?.tasks ?? [], actions, async (result) => {
      await this.call('POST', `${DEVICE_API_BASE}/tasks/result`, result);
      const task = data!.tasks.find((t) => t.logId === result.logId)!;
      this.emit({ type: 'task', logId: result.logId, action: task.action, state: result.state });
    });
  }

  /**
   * The server revoked `revoked`, the token a call was made with (unbind, deletion, or another TV
   * registered this MAC): forget the hotel binding and register again, unassigned. Once: calls
   * answered 401 meanwhile wait for that registration, and a 401 of a token already replaced is
   * not acted on. Each registration revokes the token before it, so two calls answered 401 at
   * once would otherwise register twice, each revoking the other's new token, over and over.
   */
  private async unbound(revoked: string | undefined) {
    if (this.abort.signal.aborted) return;
    if (this.registering) return void (await this.registering);
    if (revoked !== this.token) return;
    this.emit({ type: 'unbound' });
    this.token = undefined;
    this.installCode = undefined;
    this.roomNumber = undefined;
    this.etag = undefined;
    this.stamp = undefined;
    this.registering = this.register().finally(() => (this.registering = undefined));
    await this.registering;
    await this.fetchConfig();
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T | undefined> {
    const token = this.token;
    let res: HttpResponse<Envelope<T>>;
    try {
      res = await this.client.request<Envelope<T>>(method, path, { body, headers: this.auth(), signal: this.abort.signal });
    } catch (error) {
      if (!this.abort.signal.aborted) this.emit({ type: 'error', message: `${path}: ${(error as Error).message}` });
      return undefined;
    }
    if (res.status === 401) {
      await this.unbound(token);
      return undefined;
    }
    if (res.status !== 200 || !res.body) {
      this.emit({ type: 'error', message: `${path}: HTTP ${res.status} ${res.body?.errmsg ?? ''}` });
      return undefined;
    }
    return res.body.data;
  }

  /**
   * Registers (unless it already holds a token: a TV switched on again keeps it), boots, fetches the
   * configuration, then heartbeats (and listens) until switched off or stopped.
   */
  async start(): Promise<void> {
    if (this.abort.signal.aborted) this.abort = new AbortController();
    if (!this.token) await this.register();
    await this.boot();
    await this.fetchConfig();
    this.tracker.track('appOpened');
    const signal = this.abort.signal;
    // Spread the first heartbeats over one interval.
    const first = Math.random() * (this.options.spreadSeconds ?? Math.min(this.interval, 5)) * 1000;
    this.loops.push(
      (async () => {
        await sleep(first, signal);
        while (!signal.aborted) {
          await this.heartbeat().catch((error) => this.emit({ type: 'error', message: String(error) }));
          await sleep(this.interval * 1000, signal);
        }
      })(),
    );
    if (this.options.push !== false) {
      this.loops.push(
        (async () => {
          while (!signal.aborted) {
            // The long-poll is the fallback: idle while MQTT carries the commands.
            if (!this.token || this.mqttConnected) {
              await sleep(1000, signal);
              continue;
            }
            const token = this.token;
            const res = await this.client
              .request<Envelope<CommandsResponse>>('GET', `${DEVICE_API_BASE}/commands?wait=25`, { headers: this.auth(), signal, timeoutMs: 35_000 })
              .catch(() => undefined);
            if (signal.aborted) break;
            if (!res) {
              await sleep(2000, signal);
              continue;
            }
            if (res.status === 401) await this.unbound(token);
            else if (res.status === 200) for (const command of res.body?.data.commands ?? []) await this.handle(command, 'http', token);
            else await sleep(2000, signal);
          }
        })(),
      );
    }
  }

  /** Stops heartbeating and listening, as a TV switched off; `start()` switches it on again. */
  async switchOff(): Promise<void> {
    this.abort.abort();
    this.closeMqtt();
    await Promise.allSettled(this.loops);
    this.loops = [];
  }

  async stop(): Promise<void> {
    await this.switchOff();
    if (this.ownsClient) this.client.close();
  }
}

export interface FleetOptions {
  url: string;
  count: number;
  seed: string;
  /** Hotel install code for every TV (omit: unassigned TVs). */
  installCode?: string;
  /** An installation batch's auth code, sent with the install code (the batch's QR sheet). */
  batchCode?: string;
  /** Room numbers are `<roomPrefix><n>` (n from 1, three digits). */
  roomPrefix?: string;
  /** Country every TV reports (ISO 3166-1 alpha-2; any but CN makes them overseas terminals). */
  country?: string;
  interval?: number;
  push?: boolean;
  /** Use MQTT when the configuration offers it (default true). */
  mqtt?: boolean;
  /** Registrations running at once. */
  concurrency?: number;
  /** Index of the first TV (for several fleets of one seed). */
  offset?: number;
  verboseHeartbeats?: boolean;
  /** Report delivered receipts of published items (see TvOptions). */
  receipts?: boolean;
  /** Tracked events each TV records per heartbeat (see TvOptions). */
  eventsPerHeartbeat?: number;
  /** Chance per heartbeat that each TV opens an app (see TvOptions). */
  appLaunchShare?: number;
  /** Seconds over which each TV's first heartbeat is drawn (default: the interval, at most 5). */
  spreadSeconds?: number;
  /** Share of release installs that fail (0-1), and how long one takes (ms). */
  installFailureShare?: number;
  installMs?: number;
  /** Idle keep-alive connections the fleet's pool keeps (default Node's 256; more are closed and reopened). */
  maxFreeSockets?: number;
  /** Content parts whose files each TV downloads (see TvOptions). */
  contentParts?: readonly string[];
  onEvent?: (tv: VirtualTv, event: TvEvent) => void;
}

export interface Fleet {
  tvs: VirtualTv[];
  stop(): Promise<void>;
}

/** Starts `count` virtual TVs sharing one keep-alive connection pool; `stop()` ends them all. */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const client = new JsonClient(options.url, { maxSockets: Math.max(16, options.count * 2), maxFreeSockets: options.maxFreeSockets });
  const tvs = Array.from(
    { length: options.count },
    (_, i) =>
      new VirtualTv({
        url: options.url,
        seed: options.seed,
        index: (options.offset ?? 0) + i,
        installCode: options.installCode,
        roomNumber: options.roomPrefix !== undefined ? `${options.roomPrefix}${String(i + 1).padStart(3, '0')}` : undefined,
        device: options.country || options.batchCode ? { ...(options.country ? { country: options.country } : {}), ...(options.batchCode ? { batchCode: options.batchCode } : {}) } : undefined,
        interval: options.interval,
        push: options.push,
        mqtt: options.mqtt,
        verboseHeartbeats: options.verboseHeartbeats,
        receipts: options.receipts,
        eventsPerHeartbeat: options.eventsPerHeartbeat,
        appLaunchShare: options.appLaunchShare,
        spreadSeconds: options.spreadSeconds,
        installFailureShare: options.installFailureShare,
        installMs: options.installMs,
        contentParts: options.contentParts,
        client,
        onEvent: options.onEvent,
      }),
  );
  const concurrency = options.concurrency ?? 16;
  let next = 0;
  const started: VirtualTv[] = [];
  const fleet: Fleet = {
    tvs,
    async stop() {
      await Promise.allSettled(tvs.map((tv) => tv.stop()));
      client.close();
    },
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(concurrency, tvs.length) }, async () => {
        while (next < tvs.length) {
          const tv = tvs[next++]!;
          await tv.start();
          started.push(tv);
        }
      }),
    );
  } catch (error) {
    await fleet.stop();
    throw error;
  }
  return fleet;
}

/**
 * Registers `count` TVs of a seed without starting their loops and returns their tokens (for load
 * generators that drive heartbeats themselves).
 */
export async function registerMany(options: { url: string; seed: string; count: number; installCode?: string; offset?: number; concurrency?: number }): Promise<{ mac: string; token: string }[]> {
  const client = new JsonClient(options.url, { maxSockets: 64 });
  const out: { mac: string; token: string }[] = new Array(options.count);
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: options.concurrency ?? 32 }, async () => {
        while (next < options.count) {
          const i = next++;
          const tv = new VirtualTv({ url: options.url, seed: options.seed, index: (options.offset ?? 0) + i, installCode: options.installCode, client });
          const data = await tv.register();
          out[i] = { mac: tv.mac, token: data.token };
        }
      }),
    );
  } finally {
    client.close();
  }
  return out;
}
