import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrapeLimits } from '@buildai/domain';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { newId } from '../src/db/ids';
import { accounts, contextItems } from '../src/db/schema';
import ipaddr from 'ipaddr.js';
import { pageErrorMessage, urlRefusedMessages } from '@buildai/domain';
import {
  importExternal,
  isRefusedAddress,
  MAX_PAGE_BYTES,
  REFUSED_IPV4_BLOCKS,
  REFUSED_IPV6_BLOCKS,
  type ScraperOverrides,
} from '../src/features/integrations';
import { json, makeGeneratedApp } from './helpers';

/** The scraper's adjustments: passed where the server is created, changed between cases. */
const scraper: ScraperOverrides = {};
function useScraper(value: ScraperOverrides) {
  delete scraper.resolve;
  delete scraper.pageTimeoutMs;
  delete scraper.maxPageBytes;
  Object.assign(scraper, value);
}

/** A small site on a local address that records the paths it was asked for. */
interface Site {
  url: string;
  port: number;
  hits: string[];
  close(): Promise<void>;
}
type Handler = (req: IncomingMessage, res: ServerResponse, site: Site) => void;

async function startSite(handler: Handler, host = '127.0.0.1'): Promise<Site> {
  const site = { hits: [] as string[] } as unknown as Site;
  const server: Server = createServer((req, res) => {
    site.hits.push(req.url ?? '/');
    handler(req, res, site);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  site.port = (server.address() as AddressInfo).port;
  site.url = `http://${host}:${site.port}`;
  site.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}

const html = (res: ServerResponse, body: string, title = '') => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`);
};
const links = (paths: string[]) => paths.map((p) => `<a href="${p}">${p}</a>`).join(' ');

let server: TestServer;
let token: string;
let accountId: string;
let appId: string;
let otherSite: Site;
let privateSite: Site;
let site: Site;
/** how many times a client hung up on the page that never ends */
let hangsClosed = 0;

beforeAll(async () => {
  server = await startTestServer({ SCRAPER_ALLOW_LOOPBACK: '1' }, { scraper });
  const builder = await signUpBuilder(server);
  token = builder.idToken;
  accountId = builder.accountId;
  appId = await makeGeneratedApp(server, token);
  // another host of this machine: loopback but not 127.0.0.1, so refused even with SCRAPER_ALLOW_LOOPBACK
  privateSite = await startSite((_req, res) => html(res, 'SECRET INTERNAL PAGE', 'Internal'), '127.0.0.2');
  otherSite = await startSite((_req, res) => html(res, 'OTHER SITE TEXT', 'Other'));
  site = await startSite((req, res, self) => {
    const path = req.url ?? '/';
    if (path === '/')
      return html(
        res,
        `<nav>MENU ${links(['/about'])}</nav><script>var hidden = "SCRIPT TEXT";</script><style>.x{}</style>
         <h1>Welcome</h1><p>Home page &amp; text.</p>
         ${links(['/about', '/about#team', '/notes.txt', '/data.json', `${otherSite.url}/`, `http://localhost:${self.port}/elsewhere`, 'mailto:a@b.c'])}`,
        'Home Title',
      );
    if (path === '/about') return html(res, '<p>About us text.</p>', 'About');
    if (path === '/cp1252') {
      // “Café” costs 5€ — in Windows-1252, whose bytes 0x80–0x9f are € and typographic quotes and dashes
      res.writeHead(200, { 'content-type': 'text/html; charset=windows-1252' });
      return res.end(
        Buffer.concat([
          Buffer.from('<html><head><title>Menu</title></head><body><p>'),
          Buffer.from([
            0x93, 0x43, 0x61, 0x66, 0xe9, 0x94, 0x20, 0x63, 0x6f, 0x73, 0x74, 0x73, 0x20, 0x35, 0x80,
          ]),
          Buffer.from([0x20, 0x97, 0x20, 0x6f, 0x6b]),
          Buffer.from('</p></body></html>'),
        ]),
      );
    }
    if (path === '/notes.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('Plain notes text.');
    }
    if (path === '/data.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"JSON_TEXT":1}');
    }
    // a chain for the depth caps
    const chain = /^\/c(\d+)$/.exec(path);
    if (chain)
      return html(res, `<p>Chain ${chain[1]}</p>${links([`/c${Number(chain[1]) + 1}`])}`, `C${chain[1]}`);
    // a wide index for the page caps
    if (path === '/wide') return html(res, links(Array.from({ length: 150 }, (_, i) => `/w/${i}`)), 'Wide');
    if (path.startsWith('/w/')) return html(res, `<p>Wide page ${path}</p>`);
    if (path === '/to-meta') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    if (path === '/to-private') {
      res.writeHead(301, { location: `${privateSite.url}/` });
      return res.end();
    }
    if (path === '/to-about') {
      res.writeHead(302, { location: '/about' });
      return res.end();
    }
    if (path === '/links-to-private')
      return html(res, `<p>Start</p>${links(['/about', '/to-private'])}`, 'Mid');
    if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body><p>BIG START</p><p>');
      res.write('lorem ipsum '.repeat(Math.ceil((MAX_PAGE_BYTES + 512 * 1024) / 12)));
      return res.end('</p><p>BIG END MARK</p></body></html>');
    }
    if (path === '/slow-index') return html(res, `<p>Slow index</p>${links(['/hang', '/after'])}`, 'Slow');
    if (path === '/hang') {
      res.on('close', () => (hangsClosed += 1));
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body><p>HANGING PARTIAL</p>');
      return; // never ends
    }
    if (path === '/after') return html(res, '<p>After the slow page.</p>', 'After');
    if (path === '/forbidden' || path === '/broken') {
      res.writeHead(path === '/broken' ? 503 : 403);
      return res.end('no');
    }
    if (path === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return res.end();
    }
    res.writeHead(404);
    res.end('missing');
  });
});

afterAll(async () => {
  await Promise.all([site?.close(), otherSite?.close(), privateSite?.close()]);
  await server?.close();
});

beforeEach(async () => {
  site.hits.length = 0;
  otherSite.hits.length = 0;
  privateSite.hits.length = 0;
  server.platform.config.SCRAPER_ALLOW_LOOPBACK = true;
  useScraper({});
  await server.platform.db
    .update(accounts)
    .set({ plan: 'moon', isAdmin: false })
    .where(eq(accounts.accountId, accountId));
  await server.platform.db.delete(contextItems).where(eq(contextItems.appId, appId));
});

async function insertWebItem(url: string) {
  const id = newId();
  await server.platform.db.insert(contextItems).values({
    id,
    appId,
    accountId,
    name: url,
    type: 'web page',
    source: 'web scraper',
    externalFileUrl: url,
  });
  const [row] = await server.platform.db.select().from(contextItems).where(eq(contextItems.id, id));
  return row!;
}

async function crawlText(url: string): Promise<string> {
  const extracted = await importExternal({
    platform: server.platform,
    services: server.services.integrations,
    item: await insertWebItem(url),
    signal: new AbortController().signal,
  });
  if (extracted.kind !== 'prose') throw new Error('expected prose');
  return extracted.text;
}

async function refusal(url: string): Promise<string | undefined> {
  const item = await insertWebItem(url);
  try {
    await importExternal({
      platform: server.platform,
      services: server.services.integrations,
      item,
      signal: new AbortController().signal,
    });
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

const ingest = (url: string, as = token, app = appId) =>
  server.request(`/api/context/ingest/web?appId=${app}`, { method: 'POST', token: as, json: { url } });

describe('POST /api/context/ingest/web', () => {
  const refused = [
    'http://127.0.0.1/',
    'http://127.1/',
    'http://0x7f.0.0.1/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://127.0.0.1./',
    'http://localhost/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::]/',
    'http://0.0.0.0/',
    'http://0.1.2.3/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://169.254.1.1/',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://239.255.255.250/',
    'http://255.255.255.255/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[ff02::1]/',
    'http://[64:ff9b::a00:1]/',
    // IPv6 forms that embed an IPv4 address
    'http://[::127.0.0.1]/',
    'http://[::10.0.0.1]/',
    'http://[::8.8.8.8]/',
    'http://[::ffff:8.8.8.8]/',
    'http://[64:ff9b::8.8.8.8]/',
    'http://[64:ff9b:1::a00:1]/',
    'http://[2002:7f00:1::1]/',
    'http://[2002:808:808::1]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'http://[2001:db8::1]/',
    'http://[100::1]/',
    'http://192.0.2.1/',
    'http://198.18.0.1/',
    'http://240.0.0.1/',
    'ftp://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'http://user:secret@example.com/',
    'not a url',
  ];
  it.each(refused)('refuses %s with context/url-refused and creates nothing', async (url) => {
    server.platform.config.SCRAPER_ALLOW_LOOPBACK = false;
    const res = await ingest(url);
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('context/url-refused');
    const rows = await server.platform.db.select().from(contextItems).where(eq(contextItems.appId, appId));
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['http://[::127.0.0.1]/', urlRefusedMessages.notPublic],
    ['http://10.0.0.1/', urlRefusedMessages.notPublic],
    ['ftp://example.com/', urlRefusedMessages.scheme],
    ['http://user:secret@example.com/', urlRefusedMessages.credentials],
    ['not a url', urlRefusedMessages.invalid],
  ])('tells why %s is refused', async (url, message) => {
    server.platform.config.SCRAPER_ALLOW_LOOPBACK = false;
    const res = await ingest(url);
    expect((await json(res)).error).toMatchObject({ code: 'context/url-refused', message });
  });

  it("tells when the site's name cannot be found", async () => {
    useScraper({
      resolve: async () => {
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      },
    });
    const res = await ingest('http://nowhere.test/');
    expect((await json(res)).error).toMatchObject({
      code: 'context/url-refused',
      message: urlRefusedMessages.notFound,
    });
  });

  it('with SCRAPER_ALLOW_LOOPBACK, only 127.0.0.1 opens: other loopback, private and metadata addresses stay refused', async () => {
    for (const url of [
      'http://127.0.0.2/',
      'http://10.0.0.1/',
      'http://169.254.169.254/',
      'http://[::1]/',
      'http://192.168.0.1/',
    ]) {
      const res = await ingest(url);
      expect(res.status, url).toBe(400);
    }
    expect(isRefusedAddress('127.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isRefusedAddress('127.0.0.1', { allowLoopback: false })).toBe(true);
    expect(isRefusedAddress('93.184.215.14', { allowLoopback: false })).toBe(false);
    expect(isRefusedAddress('2606:4700::1', { allowLoopback: false })).toBe(false);
  });

  it('creates a web page item named after its URL and queues its ingestion', async () => {
    const res = await ingest(`${site.url}/`);
    expect(res.status).toBe(201);
    const { contextItemId } = await json(res);
    const [row] = await server.platform.db
      .select()
      .from(contextItems)
      .where(eq(contextItems.id, contextItemId));
    expect(row).toMatchObject({
      type: 'web page',
      source: 'web scraper',
      name: `${site.url}/`,
      externalFileUrl: `${site.url}/`,
      appId,
      accountId,
    });
    const job = await server.platform.jobs.get(contextItemId);
    expect(job?.name).toBe('context.ingest');
    expect(site.hits).toEqual([]); // the request itself fetches nothing
    // the job crawls the site: let it finish, so that its requests are not counted by the tests that follow
    await vi.waitFor(
      async () => expect((await server.platform.jobs.get(contextItemId))?.state).toBe('completed'),
      { timeout: 10_000, interval: 25 },
    );
  });

  it("answers 404 for another builder's app and for no token 401", async () => {
    const other = await signUpBuilder(server);
    const res = await ingest(`${site.url}/`, other.idToken);
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('app/not-found');
    const anonymous = await server.request(`/api/context/ingest/web?appId=${appId}`, {
      method: 'POST',
      json: { url: `${site.url}/` },
    });
    expect(anonymous.status).toBe(401);
  });
});

/** The first, a middle and the last address of a block. */
function samples(cidr: string): string[] {
  const [base, bits] = ipaddr.parseCIDR(cidr);
  const bytes = base.toByteArray();
  const hostBits = bytes.length * 8 - bits;
  const fill = (bit: (i: number) => number) =>
    bytes.map((b, i) => {
      let out = b;
      for (let k = 0; k < 8; k++) {
        const pos = i * 8 + k; // from the most significant bit
        if (pos >= bytes.length * 8 - hostBits) out = bit(pos) ? out | (0x80 >> k) : out & ~(0x80 >> k);
      }
      return out;
    });
  const text = (arr: number[]) => ipaddr.fromByteArray(arr).toString();
  return [text(bytes), text(fill((pos) => pos % 3)), text(fill(() => 1))];
}

describe('the table of refused addresses (IANA special-purpose registries)', () => {
  it.each([...REFUSED_IPV4_BLOCKS, ...REFUSED_IPV6_BLOCKS])('refuses every address of %s', (cidr) => {
    for (const address of samples(cidr)) {
      expect(isRefusedAddress(address, { allowLoopback: false }), address).toBe(true);
      expect(isRefusedAddress(address, { allowLoopback: true }), address).toBe(address !== '127.0.0.1');
    }
  });

  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.215.14'],
    ['9.255.255.255'], // just below 10/8
    ['11.0.0.0'], // just above 10/8
    ['100.63.255.255'],
    ['100.128.0.0'],
    ['172.15.255.255'],
    ['172.32.0.0'],
    ['192.0.1.255'],
    ['192.167.255.255'],
    ['198.17.255.255'],
    ['223.255.255.255'],
    ['2606:4700::1111'],
    ['2a00:1450:4001::1'],
    ['2001:200::1'], // just past 2001::/23
    ['2003::1'], // just past 2002::/16
  ])('reaches the public address %s', (address) => {
    expect(isRefusedAddress(address, { allowLoopback: false })).toBe(false);
  });

  it('refuses IPv6 outside global unicast, the IPv4-compatible form, and anything that is not an address', () => {
    for (const address of [
      '::7f00:1',
      '::808:808',
      '1::1',
      '1000::1',
      '4000::1',
      'e000::1',
      'example.com',
      '',
    ])
      expect(isRefusedAddress(address, { allowLoopback: false }), address).toBe(true);
  });
});

describe('crawling', () => {
  it('reads the page and its same-host links as text under titles and addresses, without scripts or menus', async () => {
    const item = await insertWebItem(`${site.url}/`);
    const extracted = await importExternal({
      platform: server.platform,
      services: server.services.integrations,
      item,
      signal: new AbortController().signal,
    });
    expect(extracted.kind).toBe('prose');
    const text = extracted.kind === 'prose' ? extracted.text : '';
    expect(text).toContain('# Home Title');
    expect(text).toContain(`${site.url}/\n`);
    expect(text).toContain('Home page & text.');
    expect(text).toContain('# About');
    expect(text).toContain('About us text.');
    expect(text).toContain('Plain notes text.');
    for (const absent of ['SCRIPT TEXT', 'MENU', 'JSON_TEXT', 'OTHER SITE TEXT'])
      expect(text).not.toContain(absent);
    expect(otherSite.hits).toEqual([]);
    expect(site.hits).not.toContain('/elsewhere');
    expect(site.hits.filter((h) => h === '/about')).toHaveLength(1);
    const [row] = await server.platform.db.select().from(contextItems).where(eq(contextItems.id, item.id));
    expect(row!.name).toBe('Home Title');
  });

  it('follows a redirect within the site', async () => {
    const text = await crawlText(`${site.url}/to-about`);
    expect(text).toContain('About us text.');
    expect(text).toContain(`${site.url}/about`);
  });

  it('refuses a redirect to the metadata address', async () => {
    expect(await refusal(`${site.url}/to-meta`)).toBe('context/url-refused');
  });

  it('refuses a redirect to a refused host mid-crawl, and that host gets no request', async () => {
    expect(await refusal(`${site.url}/links-to-private`)).toBe('context/url-refused');
    expect(site.hits).toContain('/to-private');
    expect(privateSite.hits).toEqual([]);
  });

  it('checks the address again when connecting, so a name that changes address (rebinding) is refused', async () => {
    let calls = 0;
    useScraper({
      resolve: async (host) => {
        if (host === 'site.test') return [{ address: '127.0.0.1', family: 4 }];
        if (host === 'rebind.test')
          return [{ address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      },
    });
    // the injected resolver is used for connections: a name resolving to 127.0.0.1 is read
    expect(await crawlText(`http://site.test:${site.port}/about`)).toContain('About us text.');
    expect(await refusal(`http://rebind.test:${privateSite.port}/`)).toBe('context/url-refused');
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(privateSite.hits).toEqual([]);
  });

  it.each([
    ['lite', false, 2],
    ['explorer', false, 3],
    ['moon', false, 3],
    ['lite', true, 3],
  ])('keeps to the depth of the %s plan (admin %s)', async (plan, isAdmin, depth) => {
    await server.platform.db.update(accounts).set({ plan, isAdmin }).where(eq(accounts.accountId, accountId));
    const text = await crawlText(`${site.url}/c1`);
    expect(site.hits).toEqual(Array.from({ length: depth }, (_, i) => `/c${i + 1}`));
    expect(text).toContain(`Chain ${depth}`);
    expect(text).not.toContain(`Chain ${depth + 1}`);
    expect(scrapeLimits(isAdmin ? 'moon' : plan).depth).toBe(depth);
  });

  it.each([
    ['lite', false, 20],
    ['explorer', false, 50],
    ['monetizer', false, 100],
    ['lite', true, 100],
  ])('keeps to the pages of the %s plan (admin %s)', async (plan, isAdmin, pages) => {
    await server.platform.db.update(accounts).set({ plan, isAdmin }).where(eq(accounts.accountId, accountId));
    await crawlText(`${site.url}/wide`);
    expect(site.hits).toHaveLength(pages);
    expect(site.hits[0]).toBe('/wide');
  });

  it('reads a page in Windows-1252 with its euro sign, quotes and dashes', async () => {
    expect(await crawlText(`${site.url}/cp1252`)).toContain('\u201cCafé\u201d costs 5\u20ac \u2014 ok');
  });

  it('reads no more than 2 MB of a page', async () => {
    const text = await crawlText(`${site.url}/big`);
    expect(text).toContain('BIG START');
    expect(text).not.toContain('BIG END MARK');
    expect(text.length).toBeLessThanOrEqual(MAX_PAGE_BYTES + 1000);
    expect(text.length).toBeGreaterThan(MAX_PAGE_BYTES - 1000);
  });

  it('gives up on a page that never ends and goes on with the others', async () => {
    useScraper({ pageTimeoutMs: 400 });
    hangsClosed = 0;
    const text = await crawlText(`${site.url}/slow-index`);
    // the scraper hung up on the page that never ends
    await vi.waitFor(() => expect(hangsClosed).toBe(1));
    expect(site.hits).toEqual(['/slow-index', '/hang', '/after']);
    expect(text).toContain('After the slow page.');
    expect(text).not.toContain('HANGING PARTIAL');
    // a start page that never ends fails the item, saying so
    await expect(crawlText(`${site.url}/hang`)).rejects.toMatchObject({ code: 'context/page-timeout' });
  });

  it.each([
    ['/missing', 'context/page-not-found', 'The web page was not found (the site answered 404)', 400],
    ['/data.json', 'context/page-not-html', 'This address is not a web page (HTML or plain text)', 400],
    ['/forbidden', 'context/page-error', pageErrorMessage(403), 400],
    ['/broken', 'context/page-error', pageErrorMessage(503), 502],
    ['/loop', 'context/page-redirects', 'The web page redirects too many times', 400],
  ])('a start page at %s fails with the reason', async (path, code, message, status) => {
    await expect(crawlText(`${site.url}${path}`)).rejects.toMatchObject({ code, message, status });
  });

  it('a site that cannot be reached fails with the reason', async () => {
    const closed = await startSite(() => {});
    await closed.close();
    await expect(crawlText(`${closed.url}/`)).rejects.toMatchObject({
      code: 'context/page-unreachable',
      message: 'The site could not be reached',
    });
  });

  it('the item of a page that was not found ends in error with the reason for the builder', async () => {
    const res = await ingest(`${site.url}/missing`);
    const { contextItemId } = await json(res);
    await vi.waitFor(
      async () => {
        const [row] = await server.platform.db
          .select()
          .from(contextItems)
          .where(eq(contextItems.id, contextItemId));
        expect(row).toMatchObject({
          status: 'error',
          errorMessage: 'The web page was not found (the site answered 404)',
        });
      },
      { timeout: 10_000, interval: 25 },
    );
  });
});
