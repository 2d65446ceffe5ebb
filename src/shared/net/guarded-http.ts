import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import { type IncomingHttpHeaders, type IncomingMessage, type RequestOptions, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type LookupFunction, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface GuardOptions {
  /** ATELIER_ALLOW_PRIVATE_URLS: skip the address policy entirely. */
  allowPrivate: boolean;
  /** Whole request: every redirect hop and the body. */
  timeoutMs: number;
  /** Response body limit; a bigger body fails with `too_large` and the download is aborted. */
  maxBytes: number;
  maxRedirects?: number;
  /** Injectable DNS (tests). */
  lookup?: LookupFunction;
  /** Replaces the default address policy (`isPublicAddress`); tests use it to let one loopback port stand in for a public server. */
  isAllowedAddress?: (address: string, port: number) => boolean;
}

export type GuardedFetchReason =
  | 'blocked_scheme'
  | 'blocked_address'
  | 'dns'
  | 'timeout'
  | 'too_large'
  | 'http_status'
  | 'network'
  | 'too_many_redirects';

/** Every failure of a guarded request. Messages never contain the response body. */
export class GuardedFetchError extends Error {
  readonly reason: GuardedFetchReason;
  readonly status?: number;
  readonly isRetryable: boolean;

  constructor(
    reason: GuardedFetchReason,
    message: string,
    options: { isRetryable?: boolean; status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'GuardedFetchError';
    this.reason = reason;
    this.isRetryable = options.isRetryable ?? false;
    if (options.status !== undefined) this.status = options.status;
  }
}

export interface GuardedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  finalUrl: string;
}

type Method = 'GET' | 'POST';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-encoding', 'transfer-encoding']);
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/** True only for globally routable unicast addresses; IPv6 forms that embed an IPv4 address are judged by that address. */
export function isPublicAddress(address: string): boolean {
  return isIP(address) !== 0 && isPublicIp(ipaddr.parse(address));
}

function isPublicIp(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (ip instanceof ipaddr.IPv4) return ip.range() === 'unicast';
  const [p0 = 0, p1 = 0, p2 = 0, , , , p6 = 0, p7 = 0] = ip.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  switch (ip.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return isPublicIp(v4(p6, p7));
    case 'rfc6052': // only the well-known NAT64 prefix 64:ff9b::/96; the local-use 64:ff9b:1::/48 is never public
      return p2 === 0 && isPublicIp(v4(p6, p7));
    case '6to4':
      return isPublicIp(v4(p1, p2));
    case 'unicast': // only 2000::/3 is allocated global unicast; this also refuses IPv4-compatible ::a.b.c.d
      return (p0 & 0xe000) === 0x2000;
    default:
      return false;
  }
}

function addressAllowed(address: string, port: number, options: GuardOptions): boolean {
  if (options.allowPrivate) return true;
  return options.isAllowedAddress ? options.isAllowedAddress(address, port) : isPublicAddress(address);
}

const blockedAddress = (address: string, host?: string) =>
  new GuardedFetchError(
    'blocked_address',
    host
      ? `URL host ${host} resolves to a private or local address (${address}); refused`
      : `URL points to a private or local address (${address}); refused`,
  );

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}

function parseUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new GuardedFetchError(
      'blocked_scheme',
      base ? 'the server redirected to an invalid URL' : 'the URL is not valid',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GuardedFetchError('blocked_scheme', `${url.protocol} URLs are not allowed; use http or https`);
  }
  if (url.username || url.password) {
    throw new GuardedFetchError('blocked_scheme', 'URLs with a user name or password are not allowed');
  }
  return url;
}

/**
 * Resolves every address of the host and refuses the host if any of them is not allowed. Node calls this for the
 * socket it is about to open, so the address checked is the address connected to (no DNS-rebinding gap).
 */
function guardedLookup(options: GuardOptions, port: number): LookupFunction {
  const resolve: LookupFunction = options.lookup ?? dnsLookup;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, result) => {
      if (error) {
        const detail = error.code ?? error.message;
        callback(
          new GuardedFetchError('dns', `could not resolve ${hostname} (${detail})`, {
            isRetryable: error.code === 'EAI_AGAIN',
            cause: error,
          }),
          '',
        );
        return;
      }
      const addresses: LookupAddress[] =
        typeof result === 'string' ? [{ address: result, family: isIP(result) }] : result;
      const blocked = addresses.find((entry) => !addressAllowed(entry.address, port, options));
      const first = addresses[0];
      if (blocked) callback(blockedAddress(blocked.address, hostname), '');
      else if (!first) callback(new GuardedFetchError('dns', `could not resolve ${hostname} (no addresses)`), '');
      else if (lookupOptions.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

function send(
  url: URL,
  method: Method,
  headers: Record<string, string>,
  body: Buffer | string | undefined,
  options: GuardOptions,
  signal: AbortSignal,
) {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // Node connects to IP literals without calling `lookup`, so they are checked here.
  if (isIP(host) !== 0 && !addressAllowed(host, port, options)) return Promise.reject(blockedAddress(host));
  // agent: false, because a pooled socket could have been opened under a looser policy.
  const requestOptions: RequestOptions = {
    method,
    headers,
    signal,
    agent: false,
    lookup: guardedLookup(options, port),
  };
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request =
      url.protocol === 'https:'
        ? httpsRequest(url, requestOptions, resolve)
        : httpRequest(url, requestOptions, resolve);
    request.on('error', reject);
    request.end(body);
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new GuardedFetchError('too_large', `download is larger than ${formatBytes(maxBytes)}`);
  if (Number(response.headers['content-length']) > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

const withoutHeaders = (headers: Record<string, string>, names: Set<string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !names.has(name.toLowerCase())));

function toGuardedError(
  error: unknown,
  url: URL | undefined,
  signal: AbortSignal,
  timeoutMs: number,
): GuardedFetchError {
  if (error instanceof GuardedFetchError) return error;
  if (signal.aborted)
    return new GuardedFetchError('timeout', `request timed out after ${timeoutMs} ms`, { isRetryable: true });
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown error';
  // Certificate and TLS failures will fail the same way next time.
  const isRetryable = !/CERT|TLS|SSL/.test(code);
  return new GuardedFetchError('network', `could not reach ${url?.host ?? 'the server'} (${code})`, {
    isRetryable,
    cause: error,
  });
}

async function execute(
  input: { method: Method; url: string; headers?: Record<string, string>; body?: Buffer | string },
  options: GuardOptions,
  requireSuccess: boolean,
): Promise<GuardedResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 5;
  let url: URL | undefined;
  try {
    url = parseUrl(input.url);
    let method = input.method;
    let body = input.body;
    let headers = { ...input.headers };
    if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')) {
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    for (let hop = 0; ; hop++) {
      const response = await send(url, method, headers, body, options, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location !== undefined) {
        response.destroy();
        if (hop >= maxRedirects) {
          throw new GuardedFetchError('too_many_redirects', `more than ${maxRedirects} redirects`, { status });
        }
        const next = parseUrl(location, url);
        if (status === 303 || (method === 'POST' && (status === 301 || status === 302))) {
          method = 'GET';
          body = undefined;
          headers = withoutHeaders(headers, BODY_HEADERS);
        }
        if (next.origin !== url.origin) headers = withoutHeaders(headers, CREDENTIAL_HEADERS);
        url = next;
        continue;
      }
      if (requireSuccess && (status < 200 || status > 299)) {
        response.destroy();
        const isRetryable = status >= 500 || status === 429 || status === 408;
        throw new GuardedFetchError('http_status', `${url.host} answered HTTP ${status}`, { status, isRetryable });
      }
      return {
        status,
        headers: response.headers,
        body: await readBody(response, options.maxBytes),
        finalUrl: url.href,
      };
    }
  } catch (error) {
    throw toGuardedError(error, url, controller.signal, options.timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/** One request with redirects followed; any status is returned (the caller judges it). */
export async function guardedRequest(
  input: { method: Method; url: string; headers?: Record<string, string>; body?: Buffer | string },
  options: GuardOptions,
): Promise<GuardedResponse> {
  return execute(input, options, false);
}

/** GET with redirects followed; a final status outside 2xx is an `http_status` error. */
export async function guardedDownload(
  url: string,
  options: GuardOptions,
): Promise<{ body: Buffer; contentType: string | undefined; finalUrl: string }> {
  const response = await execute({ method: 'GET', url }, options, true);
  return { body: response.body, contentType: response.headers['content-type'], finalUrl: response.finalUrl };
}
