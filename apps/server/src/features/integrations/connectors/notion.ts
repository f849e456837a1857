import { OAuth2Client } from 'arctic';
import { AppError } from '@buildai/domain';
import type { Platform } from '../../../platform';
import type { Connection } from '../connections';
import { csvField, providerFetch, type ImportableItem } from '../provider-http';
import { prose, providerItemId, requireConnection, type AccountConnector } from './connector';

/** The Notion API version the requests are written for. */
const NOTION_VERSION = '2022-06-28';
const MAX_LIST_PAGES = 10;
const MAX_BLOCKS = 10_000;
const MAX_NESTING = 5;
const MAX_ROWS = 10_000;

interface RichText {
  plain_text?: string;
}
type Json = Record<string, unknown>;

const plain = (rich: unknown): string =>
  Array.isArray(rich) ? (rich as RichText[]).map((t) => t.plain_text ?? '').join('') : '';

const apiBase = (platform: Platform) => platform.config.NOTION_API_URL.replace(/\/+$/, '');

interface NotionRequest {
  platform: Platform;
  connection: Connection;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  signal?: AbortSignal;
}

async function notionApi<T>({ platform, connection, method, path, body, signal }: NotionRequest): Promise<T> {
  const res = await providerFetch(`${apiBase(platform)}${path}`, {
    method,
    signal,
    headers: {
      authorization: `Bearer ${connection.accessToken}`,
      'notion-version': NOTION_VERSION,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

interface ListPage<T> {
  results: T[];
  has_more?: boolean;
  next_cursor?: string | null;
}

function titleOf(result: Json): string {
  if (result.object === 'database') return plain(result.title);
  const props = (result.properties ?? {}) as Record<string, Json>;
  for (const prop of Object.values(props)) if (prop?.type === 'title') return plain(prop.title);
  return '';
}

/** Pages and databases shared with the integration (`POST /v1/search`). */
async function listNotionItems(platform: Platform, connection: Connection): Promise<ImportableItem[]> {
  const items: ImportableItem[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_LIST_PAGES; i++) {
    const page = await notionApi<ListPage<Json>>({
      platform,
      connection,
      method: 'POST',
      path: '/v1/search',
      body: { page_size: 100, ...(cursor ? { start_cursor: cursor } : {}) },
    });
    for (const result of page.results) {
      if (result.object !== 'page' && result.object !== 'database') continue;
      if (result.archived === true || result.in_trash === true) continue;
      const isDatabase = result.object === 'database';
      items.push({
        name: titleOf(result) || (isDatabase ? 'Untitled database' : 'Untitled'),
        source: 'notion',
        type: isDatabase ? 'notion database' : 'notion page',
        providerItemId: String(result.id),
        provider: 'notion',
        externalFileUrl: typeof result.url === 'string' ? result.url : undefined,
      });
    }
    if (!page.has_more || !page.next_cursor) break;
    cursor = page.next_cursor;
  }
  return items;
}

function blockLine(block: Json): string | null {
  const type = String(block.type ?? '');
  const content = (block[type] ?? {}) as Json;
  const text = plain(content.rich_text);
  switch (type) {
    case 'heading_1':
      return `# ${text}`;
    case 'heading_2':
      return `## ${text}`;
    case 'heading_3':
      return `### ${text}`;
    case 'bulleted_list_item':
      return `- ${text}`;
    case 'numbered_list_item':
      return `1. ${text}`;
    case 'to_do':
      return `[${content.checked === true ? 'x' : ' '}] ${text}`;
    case 'quote':
      return `> ${text}`;
    case 'child_page':
    case 'child_database':
      return typeof content.title === 'string' ? content.title : null;
    case 'table_row':
      return Array.isArray(content.cells) ? (content.cells as unknown[]).map(plain).join(' | ') : null;
    case 'equation':
      return typeof content.expression === 'string' ? content.expression : null;
    case 'divider':
      return null;
    default:
      return text || null;
  }
}

interface NotionPageTextOptions {
  platform: Platform;
  connection: Connection;
  pageId: string;
  signal: AbortSignal;
}

/** The readable text of a page: its blocks, nested ones indented (`GET /v1/blocks/{id}/children`). */
async function notionPageText({
  platform,
  connection,
  pageId,
  signal,
}: NotionPageTextOptions): Promise<string> {
  const lines: string[] = [];
  let seen = 0;
  async function walk(blockId: string, nesting: number): Promise<void> {
    let cursor: string | undefined;
    do {
      const query = new URLSearchParams({ page_size: '100' });
      if (cursor) query.set('start_cursor', cursor);
      const page = await notionApi<ListPage<Json>>({
        platform,
        connection,
        method: 'GET',
        path: `/v1/blocks/${encodeURIComponent(blockId)}/children?${query}`,
        signal,
      });
      for (const block of page.results) {
        if (++seen > MAX_BLOCKS) return;
        const line = blockLine(block);
        if (line !== null && line.trim() !== '') lines.push(`${'  '.repeat(nesting)}${line}`);
        // sub-pages are items of their own; everything else nested belongs to this page
        if (
          block.has_children === true &&
          block.type !== 'child_page' &&
          block.type !== 'child_database' &&
          nesting < MAX_NESTING
        )
          await walk(String(block.id), nesting + 1);
      }
      cursor = page.has_more && page.next_cursor ? page.next_cursor : undefined;
    } while (cursor);
  }
  await walk(pageId, 0);
  return lines.join('\n');
}

function propertyText(prop: Json): string {
  const type = String(prop.type ?? '');
  const value = prop[type];
  if (value === null || value === undefined) return '';
  switch (type) {
    case 'title':
    case 'rich_text':
      return plain(value);
    case 'number':
    case 'checkbox':
    case 'url':
    case 'email':
    case 'phone_number':
    case 'created_time':
    case 'last_edited_time':
      return String(value);
    case 'select':
    case 'status':
      return String((value as Json).name ?? '');
    case 'multi_select':
      return (value as Json[]).map((o) => String(o.name ?? '')).join(', ');
    case 'date': {
      const { start, end } = value as { start?: string; end?: string | null };
      return end ? `${start} – ${end}` : (start ?? '');
    }
    case 'people':
      return (value as Json[]).map((p) => String(p.name ?? p.id ?? '')).join(', ');
    case 'files':
      return (value as Json[]).map((f) => String(f.name ?? '')).join(', ');
    case 'formula':
      return propertyText(value as Json);
    case 'unique_id': {
      const { prefix, number } = value as { prefix?: string | null; number?: number };
      return prefix ? `${prefix}-${number}` : String(number ?? '');
    }
    default:
      return '';
  }
}

interface NotionDatabaseTableOptions {
  platform: Platform;
  connection: Connection;
  databaseId: string;
  signal: AbortSignal;
}

/** A database's rows as a CSV table, the title column first (`POST /v1/databases/{id}/query`). */
async function notionDatabaseTable({
  platform,
  connection,
  databaseId,
  signal,
}: NotionDatabaseTableOptions): Promise<{ header: string; rows: string[] }> {
  const rows: Record<string, Json>[] = [];
  let cursor: string | undefined;
  do {
    const page = await notionApi<ListPage<Json>>({
      platform,
      connection,
      method: 'POST',
      path: `/v1/databases/${encodeURIComponent(databaseId)}/query`,
      body: { page_size: 100, ...(cursor ? { start_cursor: cursor } : {}) },
      signal,
    });
    for (const row of page.results) rows.push((row.properties ?? {}) as Record<string, Json>);
    cursor = page.has_more && page.next_cursor && rows.length < MAX_ROWS ? page.next_cursor : undefined;
  } while (cursor);
  if (rows.length === 0) throw new AppError('context/csv-invalid');
  const columns: string[] = [];
  for (const props of rows)
    for (const [name, prop] of Object.entries(props)) {
      if (columns.includes(name)) continue;
      if (prop?.type === 'title') columns.unshift(name);
      else columns.push(name);
    }
  return {
    header: columns.map(csvField).join(','),
    rows: rows.map((props) =>
      columns.map((name) => csvField(props[name] ? propertyText(props[name]) : '')).join(','),
    ),
  };
}

/**
 * Notion (decision 0004): a public integration the builder shares pages and databases with. Its OAuth takes no
 * scopes and no PKCE, asks for the workspace owner's consent (`owner=user`), and grants a token that does not expire.
 */
export const notion: AccountConnector = {
  id: 'notion',
  owns: (item) => item.source === 'notion' || item.provider === 'notion',
  configured: (config) => Boolean(config.NOTION_CLIENT_ID && config.NOTION_CLIENT_SECRET),
  oauth: {
    endpoints: async ({ platform }) => ({
      authorization: `${apiBase(platform)}/v1/oauth/authorize`,
      token: `${apiBase(platform)}/v1/oauth/token`,
    }),
    client: (config, redirectUri) =>
      new OAuth2Client(config.NOTION_CLIENT_ID!, config.NOTION_CLIENT_SECRET!, redirectUri),
    authorizeUrl: ({ client, endpoint, state }) => {
      const url = client.createAuthorizationURL(endpoint, state, []);
      url.searchParams.set('owner', 'user');
      return url;
    },
    exchange: ({ client, endpoint, code }) => client.validateAuthorizationCode(endpoint, code, null),
  },
  list: ({ platform }, _accountId, connection) => listNotionItems(platform, connection),
  import: async (ctx, item, signal) => {
    const connection = await requireConnection(ctx, item, 'notion');
    const id = providerItemId(item);
    if (item.type === 'notion database') {
      const table = await notionDatabaseTable({ platform: ctx.platform, connection, databaseId: id, signal });
      return { kind: 'table', ...table };
    }
    return prose(await notionPageText({ platform: ctx.platform, connection, pageId: id, signal }));
  },
};
