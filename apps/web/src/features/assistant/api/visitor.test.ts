import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(async () => {
  // a new page: nothing kept in memory by an earlier file's widget
  (await import('./visitor')).forgetVisitor();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
});

const issued = (id: string) => new Response('{}', { headers: { 'X-BuildAI-Visitor': id } });

describe('the widget’s visitor id', () => {
  it('is kept in the frame’s storage when the browser allows it', async () => {
    const { keepVisitor, readVisitor } = await import('./visitor');
    expect(readVisitor()).toBeNull();
    keepVisitor(issued('abcdefghijklmnopqrstuv'));
    expect(window.localStorage.getItem('buildai-visitor')).toBe('abcdefghijklmnopqrstuv');
    expect(readVisitor()).toBe('abcdefghijklmnopqrstuv');
    // nothing that is not one of ours
    keepVisitor(issued('not an id'));
    expect(readVisitor()).toBe('abcdefghijklmnopqrstuv');
  });

  it('without storage: handed in by the page’s address, and a new one told to the page around the frame', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    window.history.replaceState(null, '', '/embed/app_1#visitor=zyxwvutsrqponmlkjihgfe');
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    const { keepVisitor, readVisitor } = await import('./visitor');
    expect(readVisitor()).toBe('zyxwvutsrqponmlkjihgfe');

    keepVisitor(issued('abcdefghijklmnopqrstuv'));
    expect(readVisitor()).toBe('abcdefghijklmnopqrstuv');
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'buildai:visitor', id: 'abcdefghijklmnopqrstuv' },
      '*',
    );
  });

  it('is not taken from the address of a page opened by itself (a link cannot plant an id)', async () => {
    window.history.replaceState(null, '', '/embed/app_1#visitor=zyxwvutsrqponmlkjihgfe');
    const { readVisitor } = await import('./visitor');
    expect(readVisitor()).toBeNull();
  });
});
