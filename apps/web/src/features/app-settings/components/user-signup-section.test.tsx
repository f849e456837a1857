import * as React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appSettingsSchema, type AppSettings } from '@buildai/domain';
import { makeApp, makeBuilder } from '@/test/builder-test-kit';
import { UserSignupSection } from './user-signup-section';

const LINKS = {
  termsOfServiceLink: 'https://acme.example/terms',
  privacyPolicyLink: 'https://acme.example/privacy',
  supportEmail: 'help@acme.example',
};

/** The section holding its settings as the workspace does; `changes` records every patch it sends. */
function renderSection(
  initial: Partial<AppSettings> = {},
  { isPublished = true, locked = false }: { isPublished?: boolean; locked?: boolean } = {},
) {
  const changes: Partial<AppSettings>[] = [];
  const onUpgrade = vi.fn();
  function Host() {
    const [settings, setSettings] = React.useState(appSettingsSchema.parse(initial));
    return (
      <UserSignupSection
        app={makeApp({ isPublished })}
        settings={settings}
        account={makeBuilder()}
        locked={locked}
        onUpgrade={onUpgrade}
        onChange={(patch) => {
          changes.push(patch);
          setSettings((s) => ({ ...s, ...patch }));
        }}
      />
    );
  }
  render(<Host />);
  return { changes, onUpgrade };
}

const toggle = () => screen.getByRole('switch', { name: 'Enable user signup' }) as HTMLButtonElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the user signup section', () => {
  it('cannot be turned on before the app is published or has a custom domain, and says why', () => {
    renderSection({}, { isPublished: false });
    expect(toggle().disabled).toBe(true);
    expect(screen.getByTestId('signup-disabled-reason').textContent).toBe(
      'Publish your app or set a custom domain before enabling user signup',
    );
  });

  it('is allowed by a custom domain on an unpublished app', () => {
    renderSection({ customDomain: 'acme.example.com' }, { isPublished: false });
    expect(toggle().disabled).toBe(false);
    expect(screen.queryByTestId('signup-disabled-reason')).toBeNull();
    expect(screen.getByTestId('public-address').textContent).toBe('https://acme.example.com');
  });

  it('turned on with empty links shows them red and saves signup with the last one', () => {
    const { changes } = renderSection();
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-checked')).toBe('true');
    expect(changes).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(
      'User signup needs a terms of service link, a privacy policy link and a support email',
    );
    const red = () => screen.getAllByRole('textbox').filter((i) => i.getAttribute('aria-invalid') === 'true');
    expect(red().map((i) => i.id)).toEqual([
      'settings-termsOfServiceLink',
      'settings-privacyPolicyLink',
      'settings-supportEmail',
    ]);

    fireEvent.change(field('Terms of service link'), { target: { value: LINKS.termsOfServiceLink } });
    fireEvent.change(field('Privacy policy link'), { target: { value: LINKS.privacyPolicyLink } });
    expect(red().map((i) => i.id)).toEqual(['settings-supportEmail']);
    // a half-typed address is not sent (the server would refuse it)
    fireEvent.change(field('Support email'), { target: { value: 'help@' } });
    expect(screen.getByText('Enter a valid support email')).toBeTruthy();
    expect(changes.some((c) => 'supportEmail' in c || 'isSignupEnabled' in c)).toBe(false);
    fireEvent.change(field('Support email'), { target: { value: LINKS.supportEmail } });
    expect(changes.at(-1)).toEqual({ isSignupEnabled: true, ...LINKS });
    expect(red()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a link emptied while signup is on unsaved and red; turning signup off saves at once', () => {
    const { changes } = renderSection({ isSignupEnabled: true, ...LINKS });
    fireEvent.change(field('Privacy policy link'), { target: { value: '' } });
    expect(changes).toEqual([]);
    expect(field('Privacy policy link').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(toggle());
    expect(changes).toEqual([{ isSignupEnabled: false, ...LINKS, privacyPolicyLink: '' }]);
  });

  it('saves a custom domain when it is left, normalised, and refuses what is not a domain', () => {
    const { changes } = renderSection();
    const domain = field('Custom domain');
    fireEvent.change(domain, { target: { value: 'a..example.com' } });
    fireEvent.blur(domain);
    expect(screen.getByText('Enter a domain name such as app.example.com')).toBeTruthy();
    expect(changes).toEqual([]);
    fireEvent.change(domain, { target: { value: 'https://Tools.Acme.COM/' } });
    fireEvent.keyDown(domain, { key: 'Enter' });
    expect(changes).toEqual([{ customDomain: 'tools.acme.com' }]);
    expect(domain.value).toBe('tools.acme.com');
    expect(screen.getByTestId('public-address').textContent).toBe('https://tools.acme.com');
  });

  it("gives the real reason a domain is refused, and names the product's own address as such", () => {
    const { changes } = renderSection();
    const domain = field('Custom domain');
    const reasonFor = (value: string) => {
      fireEvent.change(domain, { target: { value } });
      fireEvent.blur(domain);
      return screen.getByRole('alert').textContent;
    };
    expect(reasonFor(`https://${window.location.hostname}:3000/`)).toBe(
      "This is the builder's own address, choose another domain for your app",
    );
    expect(reasonFor('intranet')).toBe(
      'intranet is not a public domain name: use one such as app.example.com',
    );
    expect(reasonFor('10.0.0.1')).toBe('Use a domain name such as app.example.com, not an IP address');
    expect(reasonFor('my shop.com')).toBe('A domain name has no spaces, such as app.example.com');
    expect(changes).toEqual([]);
  });

  it('does not drop the domain that keeps signup possible on an unpublished app', () => {
    const { changes } = renderSection(
      { isSignupEnabled: true, customDomain: 'acme.example.com', ...LINKS },
      { isPublished: false },
    );
    fireEvent.change(field('Custom domain'), { target: { value: '' } });
    fireEvent.blur(field('Custom domain'));
    expect(changes).toEqual([]);
    expect(
      screen.getByText('Publish your app or set a custom domain before enabling user signup'),
    ).toBeTruthy();
  });

  it('shows the public address on this server, and locks the domain on the lite plan', () => {
    const { onUpgrade } = renderSection({}, { locked: true });
    expect(screen.getByTestId('public-address').textContent).toBe(`${window.location.origin}/app/a1`);
    expect(field('Custom domain').disabled).toBe(true);
    expect(toggle().disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });
});
