import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_BRIDGE_MAX_IN_FLIGHT,
  APP_BRIDGE_TIMEOUT_MS,
  appBridgeReplySchema,
  appBridgeRequestSchema,
  appSdkExports,
} from '@buildai/domain';
import { pendingRequests } from './bridge';
import * as sdk from './sdk';
import { AppDataError, auth, db, entities, functions, useEntityList, type AppUser } from './sdk';

// The app SDK's data and auth calls (decision 0008): what the frame posts to the shell, and how replies, errors and
// timeouts come back to generated code.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let shell: Window;
let posted: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // the frame's parent: another window (an iframe's, so MessageEvent takes it as a source)
  const holder = document.createElement('iframe');
  document.body.append(holder);
  shell = holder.contentWindow!;
  posted = vi.fn();
  shell.postMessage = posted as unknown as Window['postMessage'];
  Object.defineProperty(window, 'parent', { value: shell, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
  document.body.innerHTML = '';
});

/** The requests posted so far, each checked against the domain's schema (what the shell accepts). */
function allRequests() {
  return posted.mock.calls.map(([message, target]) => {
    expect(target).toBe('*');
    const parsed = appBridgeRequestSchema.safeParse(message);
    expect(parsed.success, JSON.stringify(message)).toBe(true);
    return parsed.data!;
  });
}

/** The data and auth requests posted (each with its op). */
function requests() {
  return allRequests().filter((r) => r.type !== 'function') as Exclude<
    ReturnType<typeof allRequests>[number],
    { type: 'function' }
  >[];
}

function reply(
  id: string,
  outcome: { result: unknown } | { error: { code: string; message: string; status: number } },
) {
  const data =
    'result' in outcome
      ? { source: 'buildai-shell', type: 'reply', id, ok: true, result: outcome.result }
      : { source: 'buildai-shell', type: 'reply', id, ok: false, error: outcome.error };
  expect(appBridgeReplySchema.safeParse(data).success).toBe(true);
  window.dispatchEvent(new MessageEvent('message', { data, source: shell }));
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('functions', () => {
  it('posts functions.invoke in the shape the shell checks, and answers the reply', async () => {
    const answer = functions.invoke('weather', { city: 'Paris' });
    await flush();
    const sent = allRequests().filter((r) => r.type === 'function');
    expect(sent).toEqual([
      {
        source: 'buildai-app',
        type: 'function',
        id: expect.any(String),
        name: 'weather',
        input: { city: 'Paris' },
      },
    ]);
    window.dispatchEvent(
      new MessageEvent('message', {
        source: window.parent,
        data: { source: 'buildai-shell', type: 'reply', id: sent[0]!.id, ok: true, result: { tempC: 21 } },
      }),
    );
    await expect(answer).resolves.toEqual({ tempC: 21 });
  });
});

describe('entities', () => {
  it('posts each operation in the shape the shell checks', async () => {
    const list = entities.Task!.list({ limit: 10, cursor: 'c1' });
    void entities.Task!.get('r1');
    void entities.Task!.create({ title: 'Write the SDK', done: false });
    void entities.Task!.update('r1', { done: true });
    void entities.Task!.delete('r1');
    void entities.Task!.bulkCreate([{ title: 'a' }, { title: 'b' }]);
    await flush();
    const sent = requests();
    expect(
      sent.map((r) => [r.type, r.op, 'entity' in r ? r.entity : null, 'args' in r ? r.args : null]),
    ).toEqual([
      ['data', 'list', 'Task', { limit: 10, cursor: 'c1' }],
      ['data', 'get', 'Task', { id: 'r1' }],
      ['data', 'create', 'Task', { fields: { title: 'Write the SDK', done: false } }],
      ['data', 'update', 'Task', { id: 'r1', fields: { done: true } }],
      ['data', 'delete', 'Task', { id: 'r1' }],
      ['data', 'bulkCreate', 'Task', { records: [{ title: 'a' }, { title: 'b' }] }],
    ]);
    expect(new Set(sent.map((r) => r.id)).size).toBe(6);
    for (const r of sent) reply(r.id, { result: null });
    // an answer without records is an empty page
    expect([...(await list)]).toEqual([]);
  });

  it('answers list as the records array with nextCursor, and the other calls as the server answered', async () => {
    const list = entities.Task!.list();
    const created = entities.Task!.create({ title: 'x' });
    await flush();
    const [l, c] = requests();
    const record = { id: 'r1', createdAt: '2026-01-01T00:00:00.000Z', creatorId: 'u1', title: 'x' };
    reply(l!.id, { result: { records: [record], nextCursor: 'next' } });
    reply(c!.id, { result: record });
    const records = await list;
    expect(Array.isArray(records)).toBe(true);
    expect([...records]).toEqual([record]);
    expect(records.nextCursor).toBe('next');
    expect(await created).toEqual(record);
  });

  it("rejects with the server's message, code and status", async () => {
    const call = entities.Task!.create({ title: 42 });
    await flush();
    reply(requests()[0]!.id, {
      error: { code: 'record/invalid', message: 'title: must be string', status: 400 },
    });
    const error = (await call.catch((e: unknown) => e)) as AppDataError;
    expect(error).toBeInstanceOf(AppDataError);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('title: must be string');
    expect(error.code).toBe('record/invalid');
    expect(error.status).toBe(400);
  });

  it('rejects after the timeout when the shell never answers', async () => {
    vi.useFakeTimers();
    const call = entities.Task!.get('r1');
    const caught = call.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(APP_BRIDGE_TIMEOUT_MS + 1);
    const error = (await caught) as AppDataError;
    expect(error.message).toBe('The app database did not answer in time');
    expect(error.code).toBe('bridge/timeout');
    expect(pendingRequests()).toEqual({ inFlight: 0, queued: 0 });
  });

  it(`keeps at most ${APP_BRIDGE_MAX_IN_FLIGHT} requests open and sends the rest as answers come`, async () => {
    const calls = Array.from({ length: 9 }, (_, i) => entities.Note!.get(`n${i}`));
    await flush();
    expect(posted).toHaveBeenCalledTimes(6);
    expect(pendingRequests()).toEqual({ inFlight: 6, queued: 3 });
    reply(requests()[0]!.id, { result: { id: 'n0' } });
    expect(posted).toHaveBeenCalledTimes(7);
    for (const r of requests().slice(1)) reply(r.id, { result: { id: r.type === 'data' ? r.args : null } });
    await flush();
    for (const r of requests().slice(7)) reply(r.id, { result: {} });
    await Promise.all(calls);
    expect(pendingRequests()).toEqual({ inFlight: 0, queued: 0 });
  });

  it('ignores replies that are not from the parent, or not replies', async () => {
    const call = entities.Task!.get('r1');
    await flush();
    const id = requests()[0]!.id;
    const data = { source: 'buildai-shell', type: 'reply', id, ok: true, result: 'forged' };
    window.dispatchEvent(new MessageEvent('message', { data, source: window }));
    window.dispatchEvent(
      new MessageEvent('message', { data: { ...data, source: 'someone' }, source: shell }),
    );
    expect(pendingRequests().inFlight).toBe(1);
    reply(id, { result: 'real' });
    expect(await call).toBe('real');
  });

  it('refuses names and arguments that are not an entity call before posting', async () => {
    await expect(entities['task list']!.list()).rejects.toThrow('"task list" is not an entity name');
    await expect(entities.Task!.get('')).rejects.toThrow('A record id is a non-empty string');
    await expect(entities.Task!.create([] as never)).rejects.toThrow('The fields of a record are an object');
    await expect(entities.Task!.bulkCreate({} as never)).rejects.toThrow(
      'bulkCreate takes an array of records',
    );
    expect(posted).not.toHaveBeenCalled();
  });

  it('is a proxy over any entity name, not a thenable, and keeps one object per entity', () => {
    expect(entities.Task).toBe(entities.Task);
    expect(entities.Invoice).not.toBe(entities.Task);
    expect((entities as unknown as { then?: unknown }).then).toBeUndefined();
    expect('Task' in entities).toBe(true);
  });

  it('keeps the first version’s db.entity(name) with remove', async () => {
    const removed = db.entity('Task').remove('r9');
    await flush();
    const [request] = requests();
    expect(request).toMatchObject({ type: 'data', op: 'delete', entity: 'Task', args: { id: 'r9' } });
    reply(request!.id, { result: null });
    expect(await removed).toBeUndefined();
  });
});

describe('auth', () => {
  it('asks the shell who is signed in and for sign-in, sign-up and sign-out', async () => {
    const user: AppUser = { id: 'u1', email: 'ada@example.com', role: 'user' };
    const me = auth.me();
    const signIn = auth.signIn();
    const signUp = auth.signUp();
    const signOut = auth.signOut();
    await flush();
    const sent = requests();
    expect(sent.map((r) => [r.type, r.op])).toEqual([
      ['auth', 'me'],
      ['auth', 'signIn'],
      ['auth', 'signUp'],
      ['auth', 'signOut'],
    ]);
    reply(sent[0]!.id, { result: user });
    reply(sent[1]!.id, { result: { redirecting: true } });
    reply(sent[2]!.id, { result: { redirecting: true } });
    reply(sent[3]!.id, { result: { redirecting: false } });
    expect(await me).toEqual(user);
    expect(await signIn).toEqual({ redirecting: true });
    expect(await signUp).toEqual({ redirecting: true });
    expect(await signOut).toEqual({ redirecting: false });
  });

  it('rejects outside a page that holds the app (no parent window)', async () => {
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
    await expect(auth.me()).rejects.toThrow('The app database is available only inside the app’s page');
  });
});

describe('hooks', () => {
  async function mount(element: React.ReactElement) {
    const root = document.createElement('div');
    document.body.append(root);
    const view = createRoot(root);
    await act(async () => view.render(element));
    return { root, unmount: () => act(() => view.unmount()) };
  }

  it('useEntityList loads the records, shows an error, and reloads after this page creates one', async () => {
    const seen: { loading: boolean; titles: string[]; error: string | null }[] = [];
    function Tasks() {
      const { records, loading, error } = useEntityList<{ title: string }>('Chore');
      seen.push({ loading, titles: records.map((r) => r.title), error: error?.message ?? null });
      return null;
    }
    const view = await mount(createElement(Tasks));
    const first = requests().filter((r) => r.type === 'data' && r.entity === 'Chore' && r.op === 'list');
    expect(first.length).toBeGreaterThan(0);
    await act(async () => {
      for (const r of first)
        reply(r.id, { error: { code: 'auth/unauthenticated', message: 'Sign in to see this', status: 401 } });
    });
    expect(seen.at(-1)).toEqual({ loading: false, titles: [], error: 'Sign in to see this' });

    // a create on this page: the list loads again
    const created = entities.Chore!.create({ title: 'Dishes' });
    await flush();
    const create = requests().find((r) => r.op === 'create')!;
    await act(async () => {
      reply(create.id, { result: { id: 'c1', createdAt: 'x', creatorId: 'u1', title: 'Dishes' } });
      await created;
    });
    const again = requests()
      .filter((r) => r.op === 'list')
      .slice(first.length);
    expect(again).toHaveLength(1);
    await act(async () => {
      reply(again[0]!.id, {
        result: {
          records: [{ id: 'c1', createdAt: 'x', creatorId: 'u1', title: 'Dishes' }],
          nextCursor: null,
        },
      });
    });
    expect(seen.at(-1)).toEqual({ loading: false, titles: ['Dishes'], error: null });
    view.unmount();
  });

  it('useAuth loads the user once and follows sign-out', async () => {
    // a fresh SDK: nobody asked who is signed in yet
    vi.resetModules();
    const { auth, useAuth } = await import('./sdk');
    const seen: (string | null | 'loading')[] = [];
    function Who() {
      const { user, loading } = useAuth();
      seen.push(loading ? 'loading' : (user?.email ?? null));
      return null;
    }
    const view = await mount(createElement('div', null, createElement(Who), createElement(Who)));
    expect(seen.at(-1)).toBe('loading');
    const mes = requests().filter((r) => r.op === 'me');
    // two components asked: one request
    expect(mes).toHaveLength(1);
    await act(async () => {
      for (const r of mes) reply(r.id, { result: { id: 'u1', email: 'ada@example.com', role: 'admin' } });
    });
    expect(seen.at(-1)).toBe('ada@example.com');
    const out = auth.signOut();
    await flush();
    await act(async () => {
      reply(requests().find((r) => r.op === 'signOut')!.id, { result: { redirecting: false } });
      await out;
    });
    expect(seen.at(-1)).toBe(null);
    view.unmount();
  });
});

describe('exports', () => {
  it('exports every name the domain tells the model about', () => {
    for (const name of appSdkExports) expect(sdk, name).toHaveProperty(name);
  });
});
