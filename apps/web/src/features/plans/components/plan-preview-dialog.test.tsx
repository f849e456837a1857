import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moneyMessages, type MembershipStatus } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { PlanPreviewDialog } from './plan-preview-dialog';

afterEach(() => vi.unstubAllGlobals());

const STATUS: MembershipStatus = {
  required: true,
  isMember: true,
  appName: 'Caption Writer',
  plan: {
    id: 'prod_a',
    name: 'Caption club',
    price: 9,
    priceYearly: 90,
    oneTimePayment: false,
    description: '',
    link: 'https://gumroad.example/l/prod_a',
  },
};

function renderDialog(appId: string | null, onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PlanPreviewDialog appId={appId} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe("the preview of an app's plan dialog", () => {
  it('shows the single plan its visitors get, under the demo banner, buying nothing', async () => {
    const api = mockApi({ 'GET /api/apps/a1/membership': { body: STATUS } });
    const onClose = renderDialog('a1');
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    expect(within(dialog).getByText(moneyMessages.demoView, { exact: true })).toBeTruthy();
    expect(
      await within(dialog).findByRole('heading', {
        name: 'Unlock Caption Writer to reach your goals faster.',
      }),
    ).toBeTruthy();
    expect(within(dialog).getByText('Save 17%')).toBeTruthy();
    expect(within(dialog).getByText('No Commitment - Cancel Anytime')).toBeTruthy();
    const cta = within(dialog).getByRole('link', { name: /Start My Journey/ });
    expect(cta.getAttribute('href')).toBe('https://gumroad.example/l/prod_a');
    expect(cta.getAttribute('target')).toBe('_blank');
    expect(api.to('GET /api/apps/a1/membership')).toHaveLength(1);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('says what to do when the app offers no plan yet', async () => {
    mockApi({ 'GET /api/apps/a1/membership': { body: { ...STATUS, required: false, plan: null } } });
    renderDialog('a1');
    expect(await screen.findByText('No plan to show yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Start My Journey/ })).toBeNull();
  });

  it('offers a retry when the plan cannot be loaded', async () => {
    mockApi({ 'GET /api/apps/a1/membership': [errorReply('internal'), { body: STATUS }] });
    renderDialog('a1');
    expect(await screen.findByText("We couldn't load the plan")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('link', { name: /Start My Journey/ })).toBeTruthy();
  });

  it('is closed without an app, and asks nothing', () => {
    const api = mockApi({});
    renderDialog(null);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests).toEqual([]);
  });
});
