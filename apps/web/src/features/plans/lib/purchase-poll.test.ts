import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PURCHASE_POLL_INTERVAL_MS, PURCHASE_POLL_MAX_TRIES, type Account } from '@buildai/domain';
import { makeAccount } from '../test/fixtures';
import { isPurchaseConfirmed, pollForPurchase } from './purchase-poll';

describe('isPurchaseConfirmed', () => {
  it('is true once the subscription is alive', () => {
    expect(isPurchaseConfirmed(makeAccount({ planSubscriptionStatus: 'alive' }), 's1')).toBe(true);
  });
  it('is true once the sale id is among the payments', () => {
    expect(isPurchaseConfirmed(makeAccount({ subscriptionPaymentsIds: ['s0', 's1'] }), 's1')).toBe(true);
  });
  it('waits for the sale itself when the subscription was alive before (a change of plan)', () => {
    const alive = makeAccount({ planSubscriptionStatus: 'alive', subscriptionPaymentsIds: ['s0'] });
    expect(isPurchaseConfirmed(alive, 's1', { aliveBefore: true })).toBe(false);
    expect(
      isPurchaseConfirmed({ ...alive, subscriptionPaymentsIds: ['s0', 's1'] }, 's1', { aliveBefore: true }),
    ).toBe(true);
  });
  it('is false otherwise', () => {
    expect(isPurchaseConfirmed(makeAccount({ planSubscriptionStatus: 'cancelled' }), 's1')).toBe(false);
    expect(isPurchaseConfirmed(makeAccount({ subscriptionPaymentsIds: ['s0'] }), 's1')).toBe(false);
  });
});

describe('pollForPurchase', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks every 4 s and stops as soon as the subscription is alive', async () => {
    const fetchAccount = vi
      .fn<(s: AbortSignal) => Promise<Account>>()
      .mockResolvedValueOnce(makeAccount())
      .mockResolvedValueOnce(makeAccount())
      .mockResolvedValue(makeAccount({ plan: 'explorer', planSubscriptionStatus: 'alive' }));
    const onTry = vi.fn();
    const done = pollForPurchase({ saleId: 's1', fetchAccount, signal: new AbortController().signal, onTry });

    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS - 1);
    expect(fetchAccount).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchAccount).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 2);
    const res = await done;
    expect(res).toMatchObject({ status: 'confirmed', tries: 3 });
    expect(res.status === 'confirmed' && res.account.plan).toBe('explorer');
    expect(onTry.mock.calls.map((c) => c[0])).toEqual([1, 2, 3]);

    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 5);
    expect(fetchAccount).toHaveBeenCalledTimes(3);
  });

  it('stops when the sale id shows among the payments', async () => {
    const fetchAccount = vi
      .fn<(s: AbortSignal) => Promise<Account>>()
      .mockResolvedValueOnce(makeAccount({ subscriptionPaymentsIds: ['older'] }))
      .mockResolvedValue(makeAccount({ plan: 'discover', subscriptionPaymentsIds: ['older', 'sale_9'] }));
    const done = pollForPurchase({ saleId: 'sale_9', fetchAccount, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 2);
    await expect(done).resolves.toMatchObject({ status: 'confirmed', tries: 2 });
  });

  it('gives up after 15 tries', async () => {
    const fetchAccount = vi.fn<(s: AbortSignal) => Promise<Account>>().mockResolvedValue(makeAccount());
    const done = pollForPurchase({ saleId: 's1', fetchAccount, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * (PURCHASE_POLL_MAX_TRIES - 1));
    expect(fetchAccount).toHaveBeenCalledTimes(PURCHASE_POLL_MAX_TRIES - 1);
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS);
    await expect(done).resolves.toEqual({ status: 'timeout', tries: 15 });
    expect(fetchAccount).toHaveBeenCalledTimes(15);
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 3);
    expect(fetchAccount).toHaveBeenCalledTimes(15);
  });

  it('counts a failed request as a try and keeps asking', async () => {
    const fetchAccount = vi
      .fn<(s: AbortSignal) => Promise<Account>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(makeAccount({ planSubscriptionStatus: 'alive' }));
    const done = pollForPurchase({ saleId: 's1', fetchAccount, signal: new AbortController().signal });
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 2);
    await expect(done).resolves.toMatchObject({ status: 'confirmed', tries: 2 });
  });

  it('stops asking when aborted', async () => {
    const controller = new AbortController();
    const fetchAccount = vi.fn<(s: AbortSignal) => Promise<Account>>().mockResolvedValue(makeAccount());
    const done = pollForPurchase({ saleId: 's1', fetchAccount, signal: controller.signal });
    const settled = done.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS);
    controller.abort();
    const err = await settled;
    expect((err as DOMException).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 20);
    expect(fetchAccount).toHaveBeenCalledTimes(1);
  });
});
