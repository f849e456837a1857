import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { REMEMBERED_MATCHES, RememberingRouter } from './remembering-router';

/** A table like the product's: static and parameter segments side by side, middleware, a catch-all. */
function app() {
  const router = new RememberingRouter();
  // the router's handler type is Hono's own, which the app names
  const a = new Hono({ router: router as never });
  a.use('*', async (c, next) => {
    c.header('x-seen', 'all');
    await next();
  });
  a.use('/api/*', async (c, next) => {
    c.header('x-api', 'yes');
    await next();
  });
  a.post('/api/apps/new', (c) => c.text('new'));
  a.get('/api/apps/templates', (c) => c.text('templates'));
  a.get('/api/apps/:appId', (c) => c.text(`app ${c.req.param('appId')}`));
  a.post('/api/apps/:appId/tools/order', (c) => c.text(`order ${c.req.param('appId')}`));
  a.get('/api/apps/:appId/tools/:toolId', (c) => c.json(c.req.param()));
  a.all('/api/*', (c) => c.text('not found', 404));
  a.get('*', (c) => c.text('page'));
  return { a, router };
}

describe('RememberingRouter', () => {
  it("answers every request as the trie does, each with its own path's params, asked again and again", async () => {
    const { a, router } = app();
    for (let round = 0; round < 3; round++) {
      for (const id of ['one', 'two', 'a%20b']) {
        const res = await a.request(`/api/apps/${id}`);
        expect(await res.text()).toBe(`app ${decodeURIComponent(id)}`);
        expect(res.headers.get('x-seen')).toBe('all');
        expect(res.headers.get('x-api')).toBe('yes');
        const tool = await a.request(`/api/apps/${id}/tools/t-${round}`);
        expect(await tool.json()).toEqual({ appId: decodeURIComponent(id), toolId: `t-${round}` });
      }
      expect(await (await a.request('/api/apps/new', { method: 'POST' })).text()).toBe('new');
      expect(await (await a.request('/api/apps/new')).text()).toBe('app new');
      expect(await (await a.request('/api/apps/templates')).text()).toBe('templates');
      expect(await (await a.request('/api/apps/x/tools/order', { method: 'POST' })).text()).toBe('order x');
      const missing = await a.request('/api/nothing');
      expect([missing.status, await missing.text()]).toEqual([404, 'not found']);
      expect(await (await a.request('/builder/apps')).text()).toBe('page');
    }
    // one answer per method and path asked: three apps, nine tools, six others
    expect(router.size).toBe(3 + 3 * 3 + 6);
  });

  it('forgets its answers when a route is added', async () => {
    const { a, router } = app();
    expect(await (await a.request('/api/late')).text()).toBe('not found');
    expect(router.size).toBeGreaterThan(0);
    a.get('/api/late', (c) => c.text('late'));
    expect(router.size).toBe(0);
    // the catch-all was added before it and still answers first, as with the trie alone
    expect(await (await a.request('/api/late')).text()).toBe('not found');
  });

  it('keeps a bounded number of answers, and none for a very long path', async () => {
    const { a, router } = app();
    for (let i = 0; i < REMEMBERED_MATCHES + 10; i++) router.match('GET', `/api/apps/${i}`);
    expect(router.size).toBeLessThanOrEqual(REMEMBERED_MATCHES);
    expect(router.size).toBe(10);
    const long = `/api/apps/${'x'.repeat(300)}`;
    expect(await (await a.request(long)).text()).toBe(`app ${'x'.repeat(300)}`);
    expect(router.size).toBe(10);
  });
});
