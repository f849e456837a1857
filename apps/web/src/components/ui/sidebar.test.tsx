import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIDEBAR_COOKIE_NAME } from '@/lib/ui-constants';
import { Sidebar, SidebarProvider, SidebarTrigger, useSidebar } from './sidebar';

function State() {
  const { state } = useSidebar();
  return <output data-testid="state">{state}</output>;
}

function renderSidebar() {
  return render(
    <SidebarProvider>
      <Sidebar>nav</Sidebar>
      <SidebarTrigger />
      <State />
    </SidebarProvider>,
  );
}

/** Records every cookie string written, while still letting jsdom store it. */
function spyOnCookieWrites() {
  const writes: string[] = [];
  const proto = Object.getPrototypeOf(document) as object;
  const desc =
    Object.getOwnPropertyDescriptor(proto, 'cookie') ??
    Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => desc.get!.call(document) as string,
    set: (value: string) => {
      writes.push(value);
      desc.set!.call(document, value);
    },
  });
  return writes;
}

afterEach(() => {
  delete (document as unknown as Record<string, unknown>).cookie;
});

describe('sidebar', () => {
  it('writes the sidebar_state cookie for 604800 seconds when toggled', () => {
    const writes = spyOnCookieWrites();
    renderSidebar();
    expect(screen.getByTestId('state').textContent).toBe('expanded');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(screen.getByTestId('state').textContent).toBe('collapsed');
    expect(writes).toContain(`${SIDEBAR_COOKIE_NAME}=false; path=/; max-age=604800`);
    expect(document.cookie).toContain('sidebar_state=false');
  });

  it('starts from the saved cookie', () => {
    document.cookie = 'sidebar_state=false; path=/';
    renderSidebar();
    expect(screen.getByTestId('state').textContent).toBe('collapsed');
  });

  it('toggles with Ctrl+B and with Cmd+B', () => {
    renderSidebar();
    act(() => void fireEvent.keyDown(window, { key: 'b', ctrlKey: true }));
    expect(screen.getByTestId('state').textContent).toBe('collapsed');
    act(() => void fireEvent.keyDown(window, { key: 'b', metaKey: true }));
    expect(screen.getByTestId('state').textContent).toBe('expanded');
    act(() => void fireEvent.keyDown(window, { key: 'b' }));
    expect(screen.getByTestId('state').textContent).toBe('expanded');
  });

  it('useSidebar outside a provider throws the exact message', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<State />)).toThrow('useSidebar must be used within a SidebarProvider.');
    quiet.mockRestore();
  });
});
