import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appSettingsSchema, type AppSettings } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { builder, withProviders } from '@/test/workspace-fixtures';
import { makeApp } from '@/test/builder-test-kit';
import { AppClaimSection } from './app-claim-section';

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

const INVITATION = 'GET /api/apps/a1/settings/claimInvitation';

function renderSection(
  opts: { isAdmin?: boolean; isPublished?: boolean; settings?: Partial<AppSettings> } = {},
) {
  const settings = appSettingsSchema.parse({ isClaimable: true, ...opts.settings });
  const onChange = vi.fn();
  render(
    withProviders(
      <AppClaimSection
        app={makeApp({ isPublished: opts.isPublished ?? true, appSettings: settings })}
        settings={settings}
        onChange={onChange}
        account={builder({ isAdmin: opts.isAdmin ?? true })}
        locked={false}
        onUpgrade={vi.fn()}
      />,
    ),
  );
  return { onChange };
}

describe('the App claim section', () => {
  it('is for admins only', () => {
    mockApi({});
    renderSection({ isAdmin: false });
    expect(screen.queryByText('App claim')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Claimable' })).toBeNull();
  });

  it('copies exactly the three lines of the invite and confirms it', async () => {
    const api = mockApi({
      [INVITATION]: { body: { inviteLink: 'https://buildai.test/claim/inv1', claimCode: 'ABCD-EF23' } },
    });
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Copy invite link' }));
    expect(await screen.findByText('Copied invite to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(
      "You're invited to claim your app\nhttps://buildai.test/claim/inv1\nwith code ABCD-EF23",
    );
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([INVITATION]);
  });

  it('says why on an unpublished app, without asking the server', async () => {
    const api = mockApi({});
    renderSection({ isPublished: false });
    fireEvent.click(screen.getByRole('button', { name: 'Copy invite link' }));
    expect(await screen.findByText("You can't copy invite link until you publish your app")).toBeTruthy();
    expect(api.requests).toEqual([]);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('reports a failure to get the invitation', async () => {
    mockApi({ [INVITATION]: errorReply('internal') });
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Copy invite link' }));
    expect(await screen.findByText('Failed to get invitation, try again later')).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('needs Claimable on, and turns the switches into settings changes', async () => {
    mockApi({});
    const { onChange } = renderSection({ settings: { isClaimable: false } });
    const copy = screen.getByRole('button', { name: 'Copy invite link' }) as HTMLButtonElement;
    expect(copy.disabled).toBe(true);
    expect(
      (screen.getByRole('switch', { name: 'Require builder collaborator account' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Claimable' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ isClaimable: true }));
  });
});
