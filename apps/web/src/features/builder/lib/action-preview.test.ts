import { describe, expect, it } from 'vitest';
import type { AppView, ToolSummary } from '@buildai/domain';
import { withActionPreview } from './action-preview';

const tool = (toolId: string, title: string) => ({ toolId, title, path: toolId }) as unknown as ToolSummary;
const app = {
  appId: 'a1',
  header: 'Kit',
  description: '',
  tools: [tool('t1', 'One'), tool('t2', 'Two')],
  appStyle: {},
} as unknown as AppView;

describe("an App Chat action's preview", () => {
  it('adds a new tool at the end and replaces a changed one in place', () => {
    const added = withActionPreview(app, { ok: true, preview: { tool: tool('t3', 'Three') } });
    expect(added.tools.map((t) => t.title)).toEqual(['One', 'Two', 'Three']);
    const changed = withActionPreview(app, { ok: true, preview: { tool: tool('t1', 'First') } });
    expect(changed.tools.map((t) => t.title)).toEqual(['First', 'Two']);
  });

  it("removes a tool, and takes the app's details and branding", () => {
    expect(withActionPreview(app, { ok: true, preview: { removedToolId: 't1' } }).tools).toHaveLength(1);
    const details = withActionPreview(app, {
      ok: true,
      preview: { app: { header: 'Estate kit', description: 'Listings', appStyle: { styleName: 'dark' } } },
    });
    expect(details).toMatchObject({
      header: 'Estate kit',
      description: 'Listings',
      appStyle: { styleName: 'dark' },
    });
  });

  it('leaves the app as it is for a refused action or an output without a preview', () => {
    expect(withActionPreview(app, { ok: false, error: 'no' })).toBe(app);
    expect(withActionPreview(app, { ok: true, build: 'The app builds.' })).toBe(app);
    expect(withActionPreview(app, null)).toBe(app);
  });
});
