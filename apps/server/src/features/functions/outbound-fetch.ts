import ipaddr from 'ipaddr.js';
import { functionLimits } from '@buildai/domain';
import type { Platform } from '../../platform';
import { guardedLookup, isRefusedAddress, systemResolver, type Resolver } from '../integrations';
import { loadUndici } from '../../http/undici';

/**
 * `fetch` of a server function (decision 0014, "Outbound requests"): the web importer's address guard (no
 * loopback, private, link-local or metadata address, checked on the URL, on every redirect and again on each
 * connection's resolved address, so DNS rebinding is refused too), http and https only, at most 5 redirects, an
 * answer read up to 5 MB as text, 10 s, and a per-app rate limit counted in the limits store (shared by every
 * instance). FUNCTIONS_FETCH_TEST_ORIGINS (tests only, refused in production) names exact origins the guard lets
 * through, so a test can stand in an outside service on 127.0.0.1; nothing else of that address opens.
 */

export class FetchRefused extends Error {}

const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 10_000;
const FORBIDDEN_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'upgrade']);
const RATE = { points: functionLimits.fetchPerMinute, durationSec: 60 };

export interface FetchOptions {
  platform: Pick<Platform, 'config' | 'limits'>;
  appId: string;
  resolve?: Resolver;
}

function checkTarget(raw: string, testOrigins: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused(`fetch refused: "${raw.slice(0, 200)}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused('fetch refused: only http and https addresses can be fetched');
  if (url.username || url.password)
    throw new FetchRefused('fetch refused: the address holds a user name or password');
  if (testOrigins.includes(url.origin)) return url;
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(bare) && isRefusedAddress(bare, { allowLoopback: false }))
    throw new FetchRefused(`fetch refused: ${url.hostname} is not a public internet address`);
  return url;
}

export interface FetchAnswer {
  status: number;
  statusText: string;
  url: string;
  headers: [string, string][];
  body: string;
}

/** One outbound request of a function; throws FetchRefused (the guest sees its message) when it may not go. */
export async function functionFetch(
  options: FetchOptions,
  rawUrl: string,
  initJson: string,
): Promise<FetchAnswer> {
  const { platform, appId } = options;
  const testOrigins =
    platform.config.NODE_ENV === 'production' ? [] : platform.config.FUNCTIONS_FETCH_TEST_ORIGINS;
  let init: { method?: unknown; headers?: unknown; body?: unknown } = {};
  try {
    init = JSON.parse(initJson) as typeof init;
  } catch {
    // the prelude always sends JSON
  }
  const method = typeof init.method === 'string' ? init.method.toUpperCase() : 'GET';
  if (!/^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/.test(method))
    throw new FetchRefused(`fetch refused: method ${method}`);
  const headers: Record<string, string> = { 'user-agent': 'BuildAI-Function/1.0' };
  if (Array.isArray(init.headers))
    for (const pair of init.headers as unknown[]) {
      if (!Array.isArray(pair) || pair.length !== 2) continue;
      const [k, v] = pair.map(String) as [string, string];
      if (!FORBIDDEN_HEADERS.has(k.toLowerCase())) headers[k.toLowerCase()] = v;
    }
  const body = typeof init.body === 'string' ? init.body : undefined;
  const rate = await platform.limits.consume(`fn-fetch:${appId}`, RATE);
  if (!rate.allowed)
    throw new FetchRefused(`fetch refused: this app made more than ${RATE.points} requests in a minute`);

  let refusedAtConnect: string | null = null;
  const resolve = options.resolve ?? systemResolver;
  const { Agent, request } = await loadUndici();
  const agent = new Agent({
    connect: {
      timeout: TIMEOUT_MS,
      lookup: guardedLookup({ allowLoopback: false }, resolve, (err) => {
        refusedAtConnect = err.address;
      }),
    },
  });
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  try {
    let current = checkTarget(rawUrl, testOrigins);
    let currentMethod = method;
    let currentBody = body;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      let res;
      try {
        res = await request(current, {
          dispatcher: agent,
          method: currentMethod as 'GET',
          headers,
          ...(currentBody !== undefined && currentMethod !== 'GET' && currentMethod !== 'HEAD'
            ? { body: currentBody }
            : {}),
          signal,
        });
      } catch (err) {
        if (refusedAtConnect)
          throw new FetchRefused(`fetch refused: ${current.hostname} is not a public internet address`);
        throw new FetchRefused(`fetch failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string') {
        await res.body.dump();
        current = checkTarget(new URL(location, current).toString(), testOrigins);
        if (
          res.statusCode === 303 ||
          ((res.statusCode === 301 || res.statusCode === 302) && currentMethod === 'POST')
        ) {
          currentMethod = 'GET';
          currentBody = undefined;
        }
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > functionLimits.fetchResponseBytes) {
          res.body.destroy();
          throw new FetchRefused(
            `fetch failed: the answer is larger than ${functionLimits.fetchResponseBytes} bytes`,
          );
        }
        chunks.push(chunk as Buffer);
      }
      const pairs: [string, string][] = [];
      for (const [k, v] of Object.entries(res.headers)) {
        if (v === undefined) continue;
        pairs.push([k, Array.isArray(v) ? v.join(', ') : String(v)]);
      }
      return {
        status: res.statusCode,
        statusText: '',
        url: current.toString(),
        headers: pairs,
        body: Buffer.concat(chunks).toString('utf8'),
      };
    }
    throw new FetchRefused(`fetch failed: more than ${MAX_REDIRECTS} redirects`);
  } finally {
    void agent.close();
  }
}
