// Notion's public API over real HTTP, the part the product uses: OAuth (`/v1/oauth/authorize`, `/v1/oauth/token`),
// `POST /v1/search`, `GET /v1/blocks/{id}/children` and `POST /v1/databases/{id}/query`, with cursor pagination.
// Content is set from tests (or another process through `/__fake/*`; see fake-notion-cli.ts).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createFakeOAuth, parseFields } from './fake-oauth';
import { closeServer, listen, readBody, sendJson } from './http-helpers';

export const FAKE_NOTION_CLIENT_ID = 'fake-notion-client';
export const FAKE_NOTION_CLIENT_SECRET = 'fake-notion-secret';

/** A block as tests write it; the fake turns it into Notion's block object. */
export interface FakeNotionBlock {
  type:
    | 'paragraph'
    | 'heading_1'
    | 'heading_2'
    | 'heading_3'
    | 'bulleted_list_item'
    | 'numbered_list_item'
    | 'to_do'
    | 'quote'
    | 'code';
  text: string;
  checked?: boolean;
  children?: FakeNotionBlock[];
}
export interface FakeNotionPageInput {
  id?: string;
  title: string;
  blocks: FakeNotionBlock[];
}
/** A cell: text (rich_text, or title for the title column), number, checkbox, or multi-select names. */
export type FakeNotionCell = string | number | boolean | string[];
export interface FakeNotionDatabaseInput {
  id?: string;
  title: string;
  /** The name of the title column. */
  titleColumn: string;
  rows: Record<string, FakeNotionCell>[];
}

export interface FakeNotionRecord {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakeNotion {
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly requests: readonly FakeNotionRecord[];
  addPage(page: FakeNotionPageInput): string;
  addDatabase(database: FakeNotionDatabaseInput): string;
  /** The next authorization is answered with `error=access_denied`. */
  denyNext(): void;
  /** Every token issued stops working (the builder removed the integration). */
  revokeAll(): void;
  reset(): void;
  close(): Promise<void>;
}

interface StoredBlock {
  id: string;
  object: 'block';
  type: string;
  has_children: boolean;
  [key: string]: unknown;
}

const richText = (text: string) => [
  { type: 'text', text: { content: text, link: null }, plain_text: text, href: null, annotations: {} },
];

function paginate<T>(all: T[], cursor: string | undefined, size: number) {
  const start = cursor ? Number(cursor) : 0;
  const pageSize = Math.min(Math.max(size || 100, 1), 100);
  const results = all.slice(start, start + pageSize);
  const more = start + pageSize < all.length;
  return { object: 'list', results, has_more: more, next_cursor: more ? String(start + pageSize) : null };
}

export async function startFakeNotion(
  opts: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<FakeNotion> {
  const clientId = opts.clientId ?? FAKE_NOTION_CLIENT_ID;
  const clientSecret = opts.clientSecret ?? FAKE_NOTION_CLIENT_SECRET;
  const oauth = createFakeOAuth({ clientId, clientSecret });
  let records: FakeNotionRecord[] = [];
  const searchable: Record<string, unknown>[] = [];
  const children = new Map<string, StoredBlock[]>();
  const databaseRows = new Map<string, Record<string, unknown>[]>();

  function storeBlocks(blocks: FakeNotionBlock[]): StoredBlock[] {
    return blocks.map((b) => {
      const id = randomUUID();
      const kids = b.children ?? [];
      if (kids.length) children.set(id, storeBlocks(kids));
      const content: Record<string, unknown> = { rich_text: richText(b.text) };
      if (b.type === 'to_do') content.checked = b.checked ?? false;
      return { object: 'block', id, type: b.type, has_children: kids.length > 0, [b.type]: content };
    });
  }

  function addPage(page: FakeNotionPageInput): string {
    const id = page.id ?? randomUUID();
    children.set(id, storeBlocks(page.blocks));
    searchable.push({
      object: 'page',
      id,
      url: `https://www.notion.so/${id.replace(/-/g, '')}`,
      archived: false,
      properties: { title: { id: 'title', type: 'title', title: richText(page.title) } },
    });
    return id;
  }

  function cell(name: string, value: FakeNotionCell, titleColumn: string) {
    if (name === titleColumn) return { id: 'title', type: 'title', title: richText(String(value)) };
    if (typeof value === 'number') return { type: 'number', number: value };
    if (typeof value === 'boolean') return { type: 'checkbox', checkbox: value };
    if (Array.isArray(value)) return { type: 'multi_select', multi_select: value.map((n) => ({ name: n })) };
    return { type: 'rich_text', rich_text: richText(value) };
  }

  function addDatabase(db: FakeNotionDatabaseInput): string {
    const id = db.id ?? randomUUID();
    databaseRows.set(
      id,
      db.rows.map((row) => ({
        object: 'page',
        id: randomUUID(),
        parent: { type: 'database_id', database_id: id },
        properties: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, cell(k, v, db.titleColumn)])),
      })),
    );
    searchable.push({
      object: 'database',
      id,
      url: `https://www.notion.so/${id.replace(/-/g, '')}`,
      archived: false,
      title: richText(db.title),
    });
    return id;
  }

  function reset(): void {
    records = [];
    searchable.length = 0;
    children.clear();
    databaseRows.clear();
    oauth.reset();
  }

  const notionError = (res: ServerResponse, status: number, code: string, message: string) =>
    sendJson(res, status, { object: 'error', status, code, message });

  function control(res: ServerResponse, route: string, body: unknown): void {
    if (route === 'POST /__fake/pages')
      return sendJson(res, 200, { id: addPage(body as FakeNotionPageInput) });
    if (route === 'POST /__fake/databases')
      return sendJson(res, 200, { id: addDatabase(body as FakeNotionDatabaseInput) });
    if (route === 'POST /__fake/deny') return (oauth.denyNext(), sendJson(res, 200, { ok: true }));
    if (route === 'POST /__fake/revoke') return (oauth.revokeAll(), sendJson(res, 200, { ok: true }));
    if (route === 'POST /__fake/reset') return (reset(), sendJson(res, 200, { ok: true }));
    if (route === 'GET /__fake/requests') return sendJson(res, 200, records);
    sendJson(res, 404, { error: `unknown control route ${route}` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const text = await readBody(req);
    const route = `${req.method} ${url.pathname}`;
    if (url.pathname.startsWith('/__fake/')) {
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        return sendJson(res, 400, { error: 'invalid JSON body' });
      }
      return control(res, route, body);
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    records.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers, body: text });

    if (route === 'GET /v1/oauth/authorize')
      return oauth.authorize(res, Object.fromEntries(url.searchParams));
    if (route === 'POST /v1/oauth/token')
      return oauth.token(req, res, parseFields(req, text), {
        bot_id: randomUUID(),
        workspace_id: 'fake-workspace',
        workspace_name: 'Fake Workspace',
        workspace_icon: null,
        owner: { type: 'user', user: { object: 'user', id: 'fake-user' } },
        duplicated_template_id: null,
      });
    if (!oauth.authorized(req)) return notionError(res, 401, 'unauthorized', 'API token is invalid.');
    if (!req.headers['notion-version'])
      return notionError(res, 400, 'missing_version', 'Notion-Version header failed validation.');
    const json = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (route === 'POST /v1/search') {
      const query = typeof json.query === 'string' ? json.query.toLowerCase() : '';
      const matches = searchable.filter((r) => !query || JSON.stringify(r).toLowerCase().includes(query));
      return sendJson(
        res,
        200,
        paginate(matches, json.start_cursor as string | undefined, Number(json.page_size)),
      );
    }
    const blocks = /^\/v1\/blocks\/([^/]+)\/children$/.exec(url.pathname);
    if (blocks && req.method === 'GET') {
      const found = children.get(decodeURIComponent(blocks[1]!));
      if (!found) return notionError(res, 404, 'object_not_found', 'Could not find block.');
      const size = Number(url.searchParams.get('page_size') ?? 100);
      return sendJson(res, 200, paginate(found, url.searchParams.get('start_cursor') ?? undefined, size));
    }
    const query = /^\/v1\/databases\/([^/]+)\/query$/.exec(url.pathname);
    if (query && req.method === 'POST') {
      const rows = databaseRows.get(decodeURIComponent(query[1]!));
      if (!rows) return notionError(res, 404, 'object_not_found', 'Could not find database.');
      return sendJson(
        res,
        200,
        paginate(rows, json.start_cursor as string | undefined, Number(json.page_size)),
      );
    }
    notionError(res, 400, 'invalid_request_url', `Invalid request URL: ${route}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      notionError(res, 500, 'internal_server_error', String(error));
    });
  });
  const port = await listen(server, opts.port);
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    get requests() {
      return records;
    },
    addPage,
    addDatabase,
    denyNext: () => oauth.denyNext(),
    revokeAll: () => oauth.revokeAll(),
    reset,
    close: () => closeServer(server),
  };
}
