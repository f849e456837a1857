// Google's OAuth and the Drive v3 API over real HTTP, the part the product uses: an OpenID discovery document
// naming the endpoints, `/o/oauth2/v2/auth` (PKCE S256, scope drive.readonly), `/token` (authorization code and
// refresh token grants), `GET /drive/v3/files` (the `mimeType='…'` and `trashed=false` terms of `q`, paging) and
// `GET /drive/v3/files/{id}/export?mimeType=`. Files are set from tests or through `/__fake/*` (fake-google-drive-cli.ts).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createFakeOAuth, parseFields } from './fake-oauth';
import { closeServer, listen, readBody, sendJson } from './http-helpers';

export const FAKE_DRIVE_CLIENT_ID = 'fake-google-client';
export const FAKE_DRIVE_CLIENT_SECRET = 'fake-google-secret';
export const DRIVE_READONLY_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';

export const GOOGLE_MIME = {
  doc: 'application/vnd.google-apps.document',
  sheet: 'application/vnd.google-apps.spreadsheet',
  slides: 'application/vnd.google-apps.presentation',
} as const;

/** What each Google file exports to (a subset of Drive's export formats). */
const EXPORTS: Record<string, string[]> = {
  [GOOGLE_MIME.doc]: ['text/plain', 'text/html'],
  [GOOGLE_MIME.sheet]: ['text/csv'],
  [GOOGLE_MIME.slides]: ['text/plain'],
};

export interface FakeDriveFileInput {
  id?: string;
  name: string;
  /** A Google type (`doc`, `sheet`, `slides`) or any other MIME type. */
  kind: keyof typeof GOOGLE_MIME | string;
  /** The exported text: plain text for docs and slides, CSV for sheets. */
  content: string;
  trashed?: boolean;
}

export interface FakeDriveRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
}

export interface FakeGoogleDrive {
  /** Also the OpenID issuer (its discovery document is at `/.well-known/openid-configuration`). */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly requests: readonly FakeDriveRecord[];
  addFile(file: FakeDriveFileInput): string;
  denyNext(): void;
  /** Seconds access tokens live (`expires_in`), 3600 by default. */
  setTokenLifetime(seconds: number): void;
  revokeAll(): void;
  reset(): void;
  close(): Promise<void>;
}

interface StoredFile {
  id: string;
  name: string;
  mimeType: string;
  content: string;
  trashed: boolean;
}

const driveError = (res: ServerResponse, code: number, reason: string, message: string) =>
  sendJson(res, code, { error: { code, message, errors: [{ reason, message }] } });

export async function startFakeGoogleDrive(
  opts: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<FakeGoogleDrive> {
  const clientId = opts.clientId ?? FAKE_DRIVE_CLIENT_ID;
  const clientSecret = opts.clientSecret ?? FAKE_DRIVE_CLIENT_SECRET;
  const oauth = createFakeOAuth(
    {
      clientId,
      clientSecret,
      requiredScopes: [DRIVE_READONLY_SCOPE],
      requirePkce: true,
      refreshTokens: true,
    },
    3600,
  );
  let records: FakeDriveRecord[] = [];
  const files: StoredFile[] = [];
  let base = '';

  function addFile(input: FakeDriveFileInput): string {
    const id = input.id ?? randomBytes(16).toString('base64url');
    const mimeType = GOOGLE_MIME[input.kind as keyof typeof GOOGLE_MIME] ?? input.kind;
    files.push({ id, name: input.name, mimeType, content: input.content, trashed: input.trashed ?? false });
    return id;
  }

  function reset(): void {
    records = [];
    files.length = 0;
    oauth.reset();
  }

  /** The `q` terms the product sends: `mimeType='…'` alternatives and `trashed=false`. */
  function matches(file: StoredFile, q: string): boolean {
    const types = [...q.matchAll(/mimeType\s*=\s*'([^']+)'/g)].map((m) => m[1]);
    if (types.length && !types.includes(file.mimeType)) return false;
    if (/trashed\s*=\s*false/.test(q) && file.trashed) return false;
    return true;
  }

  function control(res: ServerResponse, route: string, body: unknown): void {
    if (route === 'POST /__fake/files')
      return sendJson(res, 200, { id: addFile(body as FakeDriveFileInput) });
    if (route === 'POST /__fake/deny') return (oauth.denyNext(), sendJson(res, 200, { ok: true }));
    if (route === 'POST /__fake/revoke') return (oauth.revokeAll(), sendJson(res, 200, { ok: true }));
    if (route === 'POST /__fake/token-lifetime') {
      const { seconds } = (body ?? {}) as { seconds?: unknown };
      if (typeof seconds !== 'number') return sendJson(res, 400, { error: 'expected { seconds: number }' });
      oauth.setTokenLifetime(seconds);
      return sendJson(res, 200, { ok: true });
    }
    if (route === 'POST /__fake/reset') return (reset(), sendJson(res, 200, { ok: true }));
    if (route === 'GET /__fake/requests') return sendJson(res, 200, records);
    sendJson(res, 404, { error: `unknown control route ${route}` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
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
    const query = Object.fromEntries(url.searchParams);
    records.push({ method: req.method ?? 'GET', path: url.pathname, query, headers });

    if (route === 'GET /.well-known/openid-configuration')
      return sendJson(res, 200, {
        issuer: base,
        authorization_endpoint: `${base}/o/oauth2/v2/auth`,
        token_endpoint: `${base}/token`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      });
    if (route === 'GET /o/oauth2/v2/auth') return oauth.authorize(res, query);
    if (route === 'POST /token')
      return oauth.token(req, res, parseFields(req, text), { scope: DRIVE_READONLY_SCOPE });
    if (!oauth.authorized(req)) return driveError(res, 401, 'authError', 'Invalid Credentials');

    if (route === 'GET /drive/v3/files') {
      const q = query.q ?? '';
      const all = files.filter((f) => matches(f, q));
      const start = query.pageToken ? Number(query.pageToken) : 0;
      const size = Math.min(Math.max(Number(query.pageSize ?? 100) || 100, 1), 1000);
      const page = all.slice(start, start + size).map((f) => ({
        kind: 'drive#file',
        id: f.id,
        name: f.name,
        mimeType: f.mimeType,
        webViewLink: `https://docs.google.com/open?id=${f.id}`,
      }));
      return sendJson(res, 200, {
        kind: 'drive#fileList',
        files: page,
        ...(start + size < all.length ? { nextPageToken: String(start + size) } : {}),
      });
    }
    const exported = /^\/drive\/v3\/files\/([^/]+)\/export$/.exec(url.pathname);
    if (exported && req.method === 'GET') {
      const file = files.find((f) => f.id === decodeURIComponent(exported[1]!));
      if (!file) return driveError(res, 404, 'notFound', 'File not found.');
      const formats = EXPORTS[file.mimeType];
      if (!formats)
        return driveError(res, 403, 'fileNotExportable', 'Export only supports Docs Editors files.');
      const wanted = query.mimeType ?? '';
      if (!formats.includes(wanted))
        return driveError(res, 400, 'badRequest', 'The requested conversion is not supported.');
      const body = Buffer.from(file.content, 'utf8');
      res.writeHead(200, { 'content-type': `${wanted}; charset=utf-8`, 'content-length': body.length });
      return void res.end(body);
    }
    driveError(res, 404, 'notFound', `No route ${route}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      driveError(res, 500, 'backendError', String(error));
    });
  });
  const port = await listen(server, opts.port);
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    clientId,
    clientSecret,
    get requests() {
      return records;
    },
    addFile,
    denyNext: () => oauth.denyNext(),
    setTokenLifetime: (s) => oauth.setTokenLifetime(s),
    revokeAll: () => oauth.revokeAll(),
    reset,
    close: () => closeServer(server),
  };
}
