import { describe, expect, it } from 'vitest';
import { matchRuntimePath, resultPagePath, toolPagePath } from './paths';

describe('matchRuntimePath', () => {
  it('reads the pages under /app/{appId} (spec 001 §2)', () => {
    expect(matchRuntimePath('/app/a1')).toEqual({ page: 'home', appId: 'a1' });
    expect(matchRuntimePath('/app/a1/')).toEqual({ page: 'home', appId: 'a1' });
    expect(matchRuntimePath('/app/a1/tool/my-tool')).toEqual({
      page: 'tool',
      appId: 'a1',
      toolPath: 'my-tool',
    });
    expect(matchRuntimePath('/app/a1/r7/tool/my-tool')).toEqual({
      page: 'tool',
      appId: 'a1',
      resultId: 'r7',
      toolPath: 'my-tool',
    });
    expect(matchRuntimePath('/app/a1/item/Recipe/r%201')).toEqual({
      page: 'item',
      appId: 'a1',
      entity: 'Recipe',
      recordId: 'r 1',
    });
    // an item page names its entity and record: anything else under /item/ is a page that finds nothing
    expect(matchRuntimePath('/app/a1/item/42')).toEqual({ page: 'item', appId: 'a1' });
  });

  it('decodes what the path builders encode', () => {
    expect(matchRuntimePath(toolPagePath('a 1', 'été'))).toEqual({
      page: 'tool',
      appId: 'a 1',
      toolPath: 'été',
    });
    expect(matchRuntimePath(resultPagePath('a1', 'r/1', 't'))).toEqual({
      page: 'tool',
      appId: 'a1',
      resultId: 'r/1',
      toolPath: 't',
    });
  });

  it('answers null for any other address (a 404)', () => {
    for (const p of [
      '/app',
      '/app/',
      '/app/a1/tool',
      '/app/a1/x/y',
      '/app/a1/r1/tool/t/extra',
      '/app/%E0%A4%A/tool/t',
      '/build/app/a1',
    ])
      expect(matchRuntimePath(p)).toBeNull();
  });
});

describe("a tool app's addresses on its own domain (issue 32, item 12)", () => {
  it('are the clean paths /, /tool/{path} and /{result}/tool/{path}', async () => {
    const { CUSTOM_DOMAIN_APP_META } = await import('@buildai/domain');
    const { appHomePath } = await import('./paths');
    const meta = document.createElement('meta');
    meta.name = CUSTOM_DOMAIN_APP_META;
    meta.content = 'a1';
    document.head.append(meta);
    try {
      expect(appHomePath('a1')).toBe('/');
      expect(toolPagePath('a1', 'slogan')).toBe('/tool/slogan');
      expect(resultPagePath('a1', 'r1', 'slogan')).toBe('/r1/tool/slogan');
      expect(toolPagePath('a2', 'slogan')).toBe('/app/a2/tool/slogan');
    } finally {
      meta.remove();
    }
  });
});
