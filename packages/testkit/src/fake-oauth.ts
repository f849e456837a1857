// The OAuth 2.0 authorization-code part shared by the fake Notion and the fake Google Drive: an authorize endpoint
// that redirects straight back with a code (or an error when told to deny), and a token endpoint that checks the
// client, the redirect_uri, PKCE when it was used, and issues bearer tokens (and refresh tokens when asked).
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http-helpers';

export interface FakeOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** Scopes the authorize request must include (all of them). */
  requiredScopes?: string[];
  /** PKCE (S256) required on authorize. */
  requirePkce?: boolean;
  /** Issue refresh tokens and accept `grant_type=refresh_token`. */
  refreshTokens?: boolean;
}

interface Code {
  redirectUri: string;
  challenge: string | undefined;
  expiresAt: number;
}

export interface FakeOAuth {
  authorize(res: ServerResponse, query: Record<string, string>): void;
  token(
    req: IncomingMessage,
    res: ServerResponse,
    body: Record<string, string>,
    extra?: Record<string, unknown>,
  ): void;
  /** Whether the bearer token of the request is one this fake issued and still valid. */
  authorized(req: IncomingMessage): boolean;
  denyNext(): void;
  /** Seconds access tokens live from now on (`expires_in`); undefined leaves it out, tokens never expire. */
  setTokenLifetime(seconds: number | undefined): void;
  /** Forgets every token issued so far (the builder revoked the access). */
  revokeAll(): void;
  reset(): void;
}

const token = () => randomBytes(24).toString('base64url');

function redirectTo(res: ServerResponse, target: string, params: Record<string, string | undefined>): void {
  const url = new URL(target);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  res.writeHead(302, { location: url.toString(), 'cache-control': 'no-store' });
  res.end();
}

function basic(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m) return undefined;
  const text = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = text.indexOf(':');
  if (i < 0) return undefined;
  return { id: decodeURIComponent(text.slice(0, i)), secret: decodeURIComponent(text.slice(i + 1)) };
}

export function createFakeOAuth(opts: FakeOAuthOptions, lifetime?: number): FakeOAuth {
  const codes = new Map<string, Code>();
  const access = new Map<string, number>();
  const refresh = new Set<string>();
  let deny = false;
  let tokenLifetime = lifetime;

  function issue(res: ServerResponse, extra: Record<string, unknown>): void {
    const accessToken = token();
    access.set(accessToken, tokenLifetime === undefined ? Infinity : Date.now() + tokenLifetime * 1000);
    const body: Record<string, unknown> = { access_token: accessToken, token_type: 'bearer', ...extra };
    if (tokenLifetime !== undefined) body.expires_in = tokenLifetime;
    res.setHeader('cache-control', 'no-store');
    sendJson(res, 200, body);
  }

  return {
    authorize(res, q) {
      if (q.client_id !== opts.clientId) return sendJson(res, 400, { error: 'invalid_client' });
      const redirectUri = q.redirect_uri ?? '';
      if (!/^https?:\/\//.test(redirectUri)) return sendJson(res, 400, { error: 'invalid_redirect_uri' });
      const fail = (error: string) => redirectTo(res, redirectUri, { error, state: q.state });
      if (q.response_type !== 'code') return fail('unsupported_response_type');
      const scopes = (q.scope ?? '').split(' ');
      if (opts.requiredScopes?.some((s) => !scopes.includes(s))) return fail('invalid_scope');
      if (opts.requirePkce && (q.code_challenge_method !== 'S256' || !q.code_challenge))
        return fail('invalid_request');
      if (deny) {
        deny = false;
        return fail('access_denied');
      }
      const code = token();
      codes.set(code, { redirectUri, challenge: q.code_challenge, expiresAt: Date.now() + 600_000 });
      redirectTo(res, redirectUri, { code, state: q.state });
    },
    token(req, res, body, extra = {}) {
      const creds = basic(req.headers.authorization) ?? {
        id: body.client_id ?? '',
        secret: body.client_secret ?? '',
      };
      if (creds.id !== opts.clientId || creds.secret !== opts.clientSecret)
        return sendJson(res, 401, { error: 'invalid_client' });
      if (body.grant_type === 'refresh_token' && opts.refreshTokens) {
        if (!refresh.has(body.refresh_token ?? '')) return sendJson(res, 400, { error: 'invalid_grant' });
        return issue(res, extra);
      }
      if (body.grant_type !== 'authorization_code')
        return sendJson(res, 400, { error: 'unsupported_grant_type' });
      const code = codes.get(body.code ?? '');
      codes.delete(body.code ?? '');
      if (!code || code.expiresAt < Date.now()) return sendJson(res, 400, { error: 'invalid_grant' });
      if (body.redirect_uri !== code.redirectUri) return sendJson(res, 400, { error: 'invalid_grant' });
      if (code.challenge !== undefined) {
        const verifier = body.code_verifier ?? '';
        if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
          return sendJson(res, 400, { error: 'invalid_grant' });
      }
      const more = { ...extra };
      if (opts.refreshTokens) {
        const r = token();
        refresh.add(r);
        more.refresh_token = r;
      }
      issue(res, more);
    },
    authorized(req) {
      const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      const until = m ? access.get(m[1]!) : undefined;
      return until !== undefined && until > Date.now();
    },
    denyNext() {
      deny = true;
    },
    setTokenLifetime(seconds) {
      tokenLifetime = seconds;
    },
    revokeAll() {
      access.clear();
      refresh.clear();
    },
    reset() {
      codes.clear();
      access.clear();
      refresh.clear();
      deny = false;
      tokenLifetime = lifetime;
    },
  };
}

/** Reads a request body as form fields or JSON (token endpoints accept both). */
export function parseFields(req: IncomingMessage, text: string): Record<string, string> {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/json')) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}
