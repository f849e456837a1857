import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { listOutbox, type OutboxRow } from '../../platform/mail';
import { cleanText } from '../../http/clean-json';
import type { AppEnv } from '../../http/context';
import { route } from '../../http/validation';
import { escapeHtml as escape } from '../../http/html';
import { devMailResponse } from '@buildai/domain';

function page(rows: OutboxRow[]): string {
  const items = rows
    .map(
      (m) =>
        `<article><header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)} · ${m.createdAt.toISOString()} · ${m.sentAt ? 'sent' : m.error ? 'failed' : 'kept'}</span></header><pre>${escape(m.text)}</pre></article>`,
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mail outbox · BuildAI</title><style>body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}main{max-width:820px;margin:0 auto;padding:24px}h1{font-size:20px}p{color:#475569}article{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:16px;margin:12px 0}header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}header span{color:#64748b;font-size:13px}pre{white-space:pre-wrap;word-break:break-all;font-size:13px;margin:12px 0 0}</style></head><body><main><h1>Mail outbox</h1><p>Messages the server would have emailed, newest first. Shown outside production only; set SMTP_URL to send real email.</p>${items || '<p>No messages yet.</p>'}</main></body></html>`;
}

/**
 * The embedded mail outbox for operators and tests, outside production only: `GET /dev/mail` as a page and
 * `GET /api/dev/mail?to=` as JSON.
 */
export function devMailRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/api/dev/mail',
      response: devMailResponse,
      summary: 'The mail outbox (outside production, without SMTP)',
      query: z.object({ to: z.string().max(320).optional() }),
    },
    async (c, { query }) => {
      const to = query.to ? cleanText(query.to) : undefined;
      const rows = await listOutbox(c.get('platform').db, { to: to || undefined, limit: 100 });
      return c.json(
        rows.map(({ id, to, subject, text, meta, createdAt, sentAt }) => ({
          id,
          to,
          subject,
          text,
          meta,
          createdAt,
          sentAt,
        })),
      );
    },
  );
  r.get('/dev/mail', async (c) => {
    const rows = await listOutbox(c.get('platform').db, { limit: 100 });
    return c.html(page(rows), 200, { 'Cache-Control': 'no-store' });
  });
  return r;
}
