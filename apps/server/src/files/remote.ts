import { formatBytes, type MessageKey } from '@htv/shared';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Fetching an address a user typed (a theme import's remote JSON and its assets) without letting the
 * user reach what only the server can: every address a host name resolves to is checked before the
 * connection is made (in the socket's own lookup, so a second resolution cannot swap it), literal
 * addresses too, and every redirect is checked again. Private, loopback, link-local, shared, multicast,
 * documentation and reserved ranges are refused; so are ports other than 80 and 443 and URLs with
 * credentials. The answer is bounded in time (the whole exchange) and in bytes (aborted past the limit).
 */

/** A refused or failed remote fetch: a catalogue key and its params, shown on the `url` field. */
export class RemoteRefused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: Record<string, unknown>,
  ) {
    super(key);
  }
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped and -translated addresses reach IPv4 hosts, private ones included.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/**
 * An exception for tests only: addresses and ports a test server listens on (loopback), to prove the
 * positive path. Never set outside tests; refused when NODE_ENV is production.
 */
let testAllowance: ((address: string, port: number) => boolean) | null = null;
export function allowRemoteForTests(allow: ((address: string, port: number) => boolean) | null): void {
  if (process.env.NODE_ENV === 'production') throw new Error('remote-fetch allowances exist for tests only');
  testAllowance = allow;
}

/**
 * Origins the operator configured for an outside system (a provider's simulator on the local network,
 * `WEATHER_URL`): fetched wherever they resolve, on their own port. Only server configuration adds
 * one, never a user's input; a redirect away from one is checked like any address.
 */
const configured = new Set<string>();
export function allowConfiguredRemote(url: string): void {
  configured.add(new URL(url).origin);
}

/** True when the server may connect to this address (and port). */
export function publicAddress(address: string, port: number): boolean {
  if (testAllowance?.(address, port)) return true;
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface RemoteLimits {
  maxBytes: number;
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  maxRedirects?: number;
  /** Extra request headers (an outside system's credential); not sent again after a redirect to another origin. */
  headers?: Record<string, string>;
}

const refused = () => new RemoteRefused('theme.remoteRefused');

/** The URL if it is one the server may ask for: http(s), no credentials, default port or a test allowance's. */
function checkedUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new RemoteRefused('theme.remoteFailed');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw refused();
  if (configured.has(url.origin)) return url;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !publicAddress(host, port)) throw refused();
  if (url.port && !testAllowance) throw refused();
  return url;
}

/** A DNS lookup that answers only public addresses and refuses the host when any address is not. */
function guardedLookup(port: number): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as LookupAddress[];
      if (list.length === 0 || list.some((a) => !publicAddress(a.address, port))) return callback(refused() as unknown as NodeJS.ErrnoException, '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

function exchange(url: URL, signal: AbortSignal, post?: { body: string; headers: Record<string, string> }, extra?: Record<string, string>): Promise<IncomingMessage> {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const lookup = configured.has(url.origin) ? undefined : guardedLookup(port);
    const headers = { accept: 'application/json, */*', 'user-agent': 'htv-console', ...extra, ...post?.headers };
    const req = send(url, { method: post ? 'POST' : 'GET', signal, lookup, headers }, resolve);
    req.on('error', reject);
    req.end(post?.body);
  });
}

const get = (url: URL, signal: AbortSignal, headers?: Record<string, string>) => exchange(url, signal, undefined, headers);

/**
 * POSTs `body` to an address a user typed (a callback URL), checked like a fetch; redirects are not
 * followed. Answers the status (the answer's body is dropped); throws `RemoteRefused` for an address
 * that may not be reached, a timeout or a network failure.
 */
export async function postRemote(raw: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<number> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await exchange(checkedUrl(raw), controller.signal, { body, headers: { 'content-type': 'application/json', ...headers } }).catch((error: unknown) => {
      if (error instanceof RemoteRefused) throw error;
      throw controller.signal.aborted ? new RemoteRefused('theme.remoteTimeout', { seconds: Math.round(timeoutMs / 1000) }) : new RemoteRefused('theme.remoteFailed');
    });
    response.resume();
    return response.statusCode ?? 0;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * POSTs `body` like `postRemote` and answers the status and the answer's body (at most `maxBytes`),
 * for an outside system whose answer carries an id (a robot's task).
 */
export async function postRemoteForAnswer(raw: string, body: string, headers: Record<string, string>, limits: { timeoutMs: number; maxBytes: number }): Promise<{ status: number; body: Buffer }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const failed = (error: unknown) => {
    if (error instanceof RemoteRefused) return error;
    return controller.signal.aborted ? new RemoteRefused('theme.remoteTimeout', { seconds: Math.round(limits.timeoutMs / 1000) }) : new RemoteRefused('theme.remoteFailed');
  };
  let response: IncomingMessage | undefined;
  try {
    response = await exchange(checkedUrl(raw), controller.signal, { body, headers: { 'content-type': 'application/json', ...headers } }).catch((error: unknown) => {
      throw failed(error);
    });
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limits.maxBytes) throw new RemoteRefused('theme.remoteFailed');
        chunks.push(chunk);
      }
    } catch (error) {
      throw failed(error);
    }
    return { status: response.statusCode ?? 0, body: Buffer.concat(chunks) };
  } finally {
    clearTimeout(timer);
    response?.destroy();
  }
}

const tooLarge = (url: URL, maxBytes: number) => new RemoteRefused('theme.importTooLarge', { name: url.pathname.split('/').pop() || url.hostname, max: formatBytes(maxBytes) });

/**
 * GETs `raw` within the limits, following up to `maxRedirects` redirects, each checked like the first,
 * and yields the body as it arrives. Throws `RemoteRefused` for an address that may not be fetched, a
 * status other than 200, a body past `maxBytes`, a timeout or a network failure.
 */
export async function* remoteStream(raw: string, limits: RemoteLimits): AsyncGenerator<Buffer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const timeout = () => new RemoteRefused('theme.remoteTimeout', { seconds: Math.round(limits.timeoutMs / 1000) });
  let response: IncomingMessage | undefined;
  try {
    let url = checkedUrl(raw);
    const origin = url.origin;
    for (let hop = 0; ; hop++) {
      response = await get(url, controller.signal, url.origin === origin ? limits.headers : undefined).catch((error: unknown) => {
        if (error instanceof RemoteRefused) throw error;
        if (controller.signal.aborted) throw timeout();
        throw new RemoteRefused('theme.remoteFailed');
      });
      const status = response.statusCode ?? 0;
      if (![301, 302, 303, 307, 308].includes(status)) break;
      response.resume();
      if (hop >= (limits.maxRedirects ?? 3)) throw new RemoteRefused('theme.remoteTooManyRedirects');
      url = checkedUrl(String(response.headers.location ?? ''), url);
    }
    if (response.statusCode !== 200) throw new RemoteRefused('theme.remoteStatus', { status: response.statusCode });
    if (Number(response.headers['content-length']) > limits.maxBytes) throw tooLarge(url, limits.maxBytes);
    let size = 0;
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limits.maxBytes) throw tooLarge(url, limits.maxBytes);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof RemoteRefused) throw error;
      throw controller.signal.aborted ? timeout() : new RemoteRefused('theme.remoteFailed');
    }
  } finally {
    clearTimeout(timer);
    response?.destroy();
  }
}

/** The whole body of `raw` (see `remoteStream`), for small answers such as a JSON document. */
export async function fetchRemote(raw: string, limits: RemoteLimits): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of remoteStream(raw, limits)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
