import { AppError, pageErrorMessage, urlRefusedMessages } from '@buildai/domain';
import { decodeCharset } from '../../context';
import { loadUndici } from '../../../http/undici';
import { checkUrl, guardedLookup, systemResolver, type AddressPolicy, type Resolver } from './address';
import { extractHtml, extractPlain } from './extract';

/** Per page: the time to fetch it whole, the bytes read of it, and the redirects followed (decision 0004). */
export const PAGE_TIMEOUT_MS = 10_000;
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

export interface CrawlOptions {
  /** Levels of pages read: 1 is the start page alone, 2 adds the pages it links to, and so on. */
  depth: number;
  /** Pages requested at most, the start page included. */
  pages: number;
  policy: AddressPolicy;
  resolve?: Resolver;
  signal?: AbortSignal;
  pageTimeoutMs?: number;
  maxPageBytes?: number;
}

export interface CrawledPage {
  url: string;
  title: string | null;
  text: string;
}

/** A page read, or why not: the error the builder hears when it is the start page. */
type Fetched = { url: URL; contentType: string; body: string } | { failed: AppError };

/** Why a request failed, for the builder: a time limit, or a site that could not be reached. */
function requestFailure(err: unknown): AppError {
  const e = err as { name?: string; code?: string; cause?: { code?: string } };
  const timedOut =
    e?.name === 'TimeoutError' ||
    e?.code === 'UND_ERR_CONNECT_TIMEOUT' ||
    e?.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e?.code === 'UND_ERR_BODY_TIMEOUT';
  return new AppError(timedOut ? 'context/page-timeout' : 'context/page-unreachable', {
    details: { reason: err instanceof Error ? err.message : String(err) },
  });
}

function statusFailure(status: number): AppError {
  if (status === 404 || status === 410) return new AppError('context/page-not-found');
  // the site's own trouble may pass (retried); a refusal of ours (401, 403, 451…) will not
  return new AppError('context/page-error', {
    message: pageErrorMessage(status),
    status: status >= 500 ? 502 : 400,
  });
}

/** The `charset` a Content-Type names; UTF-8 when it names none. */
function charsetOf(contentType: string): string {
  return /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1]?.toLowerCase() ?? 'utf-8';
}

/**
 * Reads a web page and the same-host pages it links to, breadth first, within the depth and page caps. Every
 * URL (the start, each redirect, each link) is checked before it is requested and every connection's address
 * again as it is made; a refused address anywhere fails the whole crawl with `context/url-refused`. A page that
 * is not HTML or plain text, answers an error, is too slow or redirects elsewhere is skipped; when the start page
 * cannot be read the crawl fails with the reason (not found, an error status, not HTML, timed out, unreachable,
 * too many redirects).
 */
export async function crawl(start: string, opts: CrawlOptions): Promise<CrawledPage[]> {
  const resolve = opts.resolve ?? systemResolver;
  const pageTimeoutMs = opts.pageTimeoutMs ?? PAGE_TIMEOUT_MS;
  const maxBytes = opts.maxPageBytes ?? MAX_PAGE_BYTES;
  let refusedAtConnect = false;
  const { Agent, request } = await loadUndici();
  // undici 7's Agent follows no redirect (its default maxRedirections is 0): each one is checked and followed here.
  const agent = new Agent({
    connect: {
      timeout: pageTimeoutMs,
      lookup: guardedLookup(opts.policy, resolve, () => {
        refusedAtConnect = true;
      }),
    },
  });

  async function fetchPage(target: URL): Promise<Fetched> {
    let current = target;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      current = await checkUrl(current, opts.policy, resolve);
      const signal = AbortSignal.any([
        ...(opts.signal ? [opts.signal] : []),
        AbortSignal.timeout(pageTimeoutMs),
      ]);
      try {
        const res = await request(current, {
          dispatcher: agent,
          method: 'GET',
          signal,
          headers: {
            'user-agent': 'BuildAI-Importer/1.0',
            accept: 'text/html,application/xhtml+xml,text/plain;q=0.9',
          },
        });
        // a body given up on early is destroyed; its abort error is expected, not a failure
        res.body.on('error', () => {});
        const location = res.headers.location;
        if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string') {
          await res.body.dump();
          current = new URL(location, current);
          continue;
        }
        if (res.statusCode < 200 || res.statusCode >= 300) {
          await res.body.dump();
          return { failed: statusFailure(res.statusCode) };
        }
        const contentType = String(res.headers['content-type'] ?? '').toLowerCase();
        if (!/^(text\/html|application\/xhtml\+xml|text\/plain)\b/.test(contentType)) {
          await res.body.dump({ limit: 0 }).catch(() => {});
          return {
            failed: new AppError('context/page-not-html', { details: { contentType: contentType || null } }),
          };
        }
        const parts: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body) {
          const buf = chunk as Buffer;
          if (size + buf.length >= maxBytes) {
            parts.push(buf.subarray(0, maxBytes - size));
            size = maxBytes;
            break;
          }
          parts.push(buf);
          size += buf.length;
        }
        res.body.destroy();
        const body = decodeCharset(Buffer.concat(parts), charsetOf(contentType));
        return { url: current, contentType, body };
      } catch (err) {
        if (refusedAtConnect)
          throw new AppError('context/url-refused', { message: urlRefusedMessages.notPublic });
        if (opts.signal?.aborted) throw err;
        return { failed: requestFailure(err) };
      }
    }
    return { failed: new AppError('context/page-redirects') };
  }

  try {
    const first = await checkUrl(start, opts.policy, resolve);
    const queue: { url: URL; level: number }[] = [{ url: first, level: 1 }];
    const queued = new Set<string>([first.href]);
    const pages: CrawledPage[] = [];
    let site: string | null = null;
    let requested = 0;
    while (queue.length > 0 && requested < opts.pages) {
      const next = queue.shift()!;
      requested++;
      const fetched = await fetchPage(next.url);
      if ('failed' in fetched) {
        if (site === null) throw fetched.failed;
        continue;
      }
      if (site === null) site = fetched.url.host;
      else if (fetched.url.host !== site) continue;
      const page = fetched.contentType.startsWith('text/plain')
        ? extractPlain(fetched.body)
        : extractHtml(fetched.body, fetched.url);
      pages.push({ url: fetched.url.href, title: page.title, text: page.text });
      queued.add(fetched.url.href);
      if (next.level >= opts.depth) continue;
      for (const link of page.links) {
        if (link.host !== site || queued.has(link.href)) continue;
        queued.add(link.href);
        queue.push({ url: link, level: next.level + 1 });
      }
    }
    return pages;
  } finally {
    await agent.destroy().catch(() => {});
  }
}

/** The crawled pages as one text: each page under its title and address. */
export function pagesToText(pages: CrawledPage[]): string {
  return pages
    .map((p) => `# ${p.title ?? p.url}\n${p.url}\n\n${p.text}`.trim())
    .join('\n\n')
    .trim();
}
