import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PlanCard } from '@buildai/domain';
import { SinglePlan } from './single-plan';

const plan: PlanCard = {
  id: 'prod_1',
  name: 'Members',
  price: 10,
  priceYearly: 96,
  description: '',
  link: 'https://gumroad.example/l/prod_1',
};

describe('SinglePlan', () => {
  it('hands the purchase to onBuy with the chosen period', () => {
    const onBuy = vi.fn();
    render(<SinglePlan plan={plan} appName="Caption Writer" onBuy={onBuy} />);
    expect(
      screen.getByRole('heading', { name: 'Unlock Caption Writer to reach your goals faster.' }),
    ).toBeTruthy();
    expect(screen.getByText('Save 20%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start My Journey' }));
    expect(onBuy).toHaveBeenLastCalledWith(plan, 'yearly');
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start My Journey' }));
    expect(onBuy).toHaveBeenLastCalledWith(plan, 'monthly');
  });

  it('buys nothing in a demo: the button only shows the checkout in a new tab', () => {
    const onBuy = vi.fn();
    render(<SinglePlan plan={plan} appName="Caption Writer" demo onBuy={onBuy} />);
    const link = screen.getByRole('link', { name: /Start My Journey/ });
    expect(link.getAttribute('href')).toBe('https://gumroad.example/l/prod_1');
    expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.click(link);
    expect(onBuy).not.toHaveBeenCalled();
  });

  it("reads 'Current plan', disabled, for the buyer's own plan", () => {
    render(<SinglePlan plan={plan} current />);
    expect((screen.getByRole('button', { name: 'Current plan' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Unlock Members to reach your goals faster.')).toBeTruthy();
  });
});
