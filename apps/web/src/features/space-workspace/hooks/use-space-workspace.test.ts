import { describe, expect, it } from 'vitest';
import { initialWorkspaceView, workspaceView, type WorkspaceView } from './use-space-workspace';

const at = (patch: Partial<WorkspaceView>): WorkspaceView => ({ ...initialWorkspaceView, ...patch });

describe('the space workspace view', () => {
  it('starts with the chat, the preview and the menu folded to its icons', () => {
    expect(initialWorkspaceView).toMatchObject({
      panel: null,
      menuOpen: false,
      mobileView: 'chat',
      tab: 'preview',
      chatFolded: false,
    });
  });

  it('the menu button unfolds the menu on a desktop, folds it with its panel, and opens the sheet on a phone', () => {
    const open = workspaceView(initialWorkspaceView, { type: 'menu-button', mobile: false });
    expect(open).toMatchObject({ menuOpen: true, panel: null });
    const withPanel = workspaceView(open, { type: 'menu-entry', panel: 'settings' });
    expect(withPanel).toMatchObject({ menuOpen: true, panel: 'settings' });
    expect(workspaceView(withPanel, { type: 'menu-button', mobile: false })).toMatchObject({
      menuOpen: false,
      panel: null,
    });
    // a panel opened from the icons counts as open: the button folds it
    expect(workspaceView(at({ panel: 'details' }), { type: 'menu-button', mobile: false })).toMatchObject({
      menuOpen: false,
      panel: null,
    });
    expect(workspaceView(initialWorkspaceView, { type: 'menu-button', mobile: true })).toEqual(
      at({ sheetOpen: true }),
    );
  });

  it('the chat entry opens the Activate Your Chat Assistant dialog, not a panel, and closes the sheet', () => {
    expect(workspaceView(at({ sheetOpen: true }), { type: 'menu-entry', panel: 'chat' })).toEqual(
      at({ chatOpen: true }),
    );
    expect(workspaceView(initialWorkspaceView, { type: 'rail-entry', panel: 'chat' })).toEqual(
      at({ chatOpen: true }),
    );
  });

  it('Database takes the app’s place: the menu folds, the sheet closes, a phone shows the app half', () => {
    expect(
      workspaceView(at({ menuOpen: true, sheetOpen: true }), { type: 'menu-entry', panel: 'database' }),
    ).toEqual(at({ panel: 'database', mobileView: 'app' }));
    expect(workspaceView(at({ menuOpen: true }), { type: 'rail-entry', panel: 'database' })).toEqual(
      at({ panel: 'database', mobileView: 'app' }),
    );
    expect(workspaceView(at({ panel: 'database' }), { type: 'close-database' })).toEqual(
      initialWorkspaceView,
    );
  });

  it('the open panel’s icon closes it, the menu staying as it was', () => {
    expect(workspaceView(at({ panel: 'settings' }), { type: 'rail-entry', panel: null })).toEqual(
      initialWorkspaceView,
    );
    expect(workspaceView(at({ panel: 'details' }), { type: 'rail-entry', panel: 'settings' })).toEqual(
      at({ panel: 'settings' }),
    );
  });

  it('Done returns to the main menu, unfolded', () => {
    expect(workspaceView(at({ panel: 'details' }), { type: 'menu-entry', panel: null })).toEqual(
      at({ menuOpen: true }),
    );
  });

  it('folds the chat away and back, and shows what a control picked', () => {
    const folded = workspaceView(initialWorkspaceView, { type: 'toggle-chat' });
    expect(folded.chatFolded).toBe(true);
    expect(workspaceView(folded, { type: 'toggle-chat' }).chatFolded).toBe(false);
    expect(
      workspaceView(initialWorkspaceView, { type: 'show', patch: { tab: 'code', mobileView: 'app' } }),
    ).toEqual(at({ tab: 'code', mobileView: 'app' }));
  });
});
