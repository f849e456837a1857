import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppFile } from '@buildai/domain';
import { FileDrafts } from './file-drafts';

const home = { path: 'pages/Home.tsx', content: 'v1' };

/** A server that records saves and answers each one when told to. */
function fakeSave() {
  const calls: { path: string; content: string; resolve: () => void; reject: (e: Error) => void }[] = [];
  const save = (path: string, content: string) =>
    new Promise<AppFile>((resolve, reject) =>
      calls.push({ path, content, resolve: () => resolve({ path, content }), reject }),
    );
  return { calls, save };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('FileDrafts: the code editor autosave', () => {
  it('sends an edit 2 s after the last keystroke, not before, and only the latest text', async () => {
    const server = fakeSave();
    const drafts = new FileDrafts({ save: server.save });
    drafts.sync([home]);
    drafts.edit(home.path, 'v1 a');
    vi.advanceTimersByTime(1500);
    drafts.edit(home.path, 'v1 ab');
    vi.advanceTimersByTime(1999);
    expect(server.calls).toHaveLength(0);
    expect(drafts.status).toBe('unsaved');
    expect(drafts.dirty).toBe(true);
    vi.advanceTimersByTime(1);
    expect(server.calls.map((c) => c.content)).toEqual(['v1 ab']);
    expect(drafts.status).toBe('saving');
    server.calls[0]!.resolve();
    await vi.runAllTimersAsync();
    expect(drafts.status).toBe('saved');
    expect(drafts.dirty).toBe(false);
    expect(drafts.contentOf(home.path)).toBe('v1 ab');
  });

  it('an edit typed back to the saved text leaves nothing to save', () => {
    const server = fakeSave();
    const drafts = new FileDrafts({ save: server.save });
    drafts.sync([home]);
    drafts.edit(home.path, 'v1 x');
    drafts.edit(home.path, 'v1');
    expect(drafts.dirty).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(server.calls).toHaveLength(0);
  });

  it('typing while a save is on its way saves the rest afterwards', async () => {
    const server = fakeSave();
    const drafts = new FileDrafts({ save: server.save });
    drafts.sync([home]);
    drafts.edit(home.path, 'v2');
    vi.advanceTimersByTime(2000);
    drafts.edit(home.path, 'v3');
    server.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(drafts.status).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.calls.map((c) => c.content)).toEqual(['v2', 'v3']);
  });

  it('a failed save keeps the edit and says why; trying again sends it', async () => {
    const server = fakeSave();
    const drafts = new FileDrafts({ save: server.save, describeError: (e) => (e as Error).message });
    drafts.sync([home]);
    drafts.edit(home.path, 'mine');
    vi.advanceTimersByTime(2000);
    server.calls[0]!.reject(new Error('You do not have access to this'));
    await vi.advanceTimersByTimeAsync(0);
    expect(drafts.status).toBe('error');
    expect(drafts.errorOf(home.path)).toBe('You do not have access to this');
    expect(drafts.contentOf(home.path)).toBe('mine');
    const flushed = drafts.flush();
    expect(server.calls.map((c) => c.content)).toEqual(['mine', 'mine']);
    server.calls[1]!.resolve();
    await flushed;
    expect(drafts.status).toBe('saved');
  });

  it('the chat changing a file being edited keeps the edit, holds it back, and lets the builder choose', async () => {
    const server = fakeSave();
    const drafts = new FileDrafts({ save: server.save });
    drafts.sync([home]);
    drafts.edit(home.path, 'mine');
    drafts.sync([{ path: home.path, content: 'from the chat' }]);
    expect(drafts.hasConflict(home.path)).toBe(true);
    expect(drafts.status).toBe('conflict');
    expect(drafts.contentOf(home.path)).toBe('mine');
    vi.advanceTimersByTime(10_000);
    expect(server.calls).toHaveLength(0);

    drafts.takeTheirs(home.path);
    expect(drafts.contentOf(home.path)).toBe('from the chat');
    expect(drafts.dirty).toBe(false);

    drafts.edit(home.path, 'mine again');
    drafts.sync([{ path: home.path, content: 'chat, second turn' }]);
    const kept = drafts.keepMine(home.path);
    expect(server.calls.map((c) => c.content)).toEqual(['mine again']);
    server.calls[0]!.resolve();
    await kept;
    expect(drafts.status).toBe('saved');
    expect(drafts.contentOf(home.path)).toBe('mine again');
  });

  it('files the chat changed that are not being edited simply show the new text', () => {
    const drafts = new FileDrafts({ save: fakeSave().save });
    drafts.sync([home]);
    drafts.sync([
      { path: home.path, content: 'v2' },
      { path: 'pages/About.tsx', content: 'about' },
    ]);
    expect(drafts.contentOf(home.path)).toBe('v2');
    expect(drafts.contentOf('pages/About.tsx')).toBe('about');
    expect(drafts.status).toBe('saved');
  });
});
