import * as React from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStyleSchema, builderMessages, type AppStyle } from '@buildai/domain';
import { COLOR_FAMILIES } from '@/components/ui/color-palette';
import { withProviders } from '@/test/workspace-fixtures';
import { BrandingPanel } from './branding-panel';

/** An XMLHttpRequest the test answers by hand. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  FakeXhr.sent = [];
  vi.unstubAllGlobals();
});

function renderPanel({
  isAdmin = false,
  initial = {},
}: { isAdmin?: boolean; initial?: Partial<AppStyle> } = {}) {
  const seen = { style: appStyleSchema.parse(initial) };
  function Host() {
    const [style, setStyle] = React.useState(seen.style);
    return (
      <BrandingPanel
        appId="a1"
        isAdmin={isAdmin}
        style={style}
        onChange={(patch) =>
          setStyle((s) => {
            seen.style = { ...s, ...patch };
            return seen.style;
          })
        }
      />
    );
  }
  render(withProviders(<Host />));
  return seen;
}

function png(size = 1234) {
  const file = new File(['x'], 'logo.png', { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('the branding panel', () => {
  it('offers the hide watermark switch to admins only', () => {
    renderPanel();
    expect(screen.queryByRole('switch', { name: 'Hide watermark' })).toBeNull();
    cleanup();
    const seen = renderPanel({ isAdmin: true });
    fireEvent.click(screen.getByRole('switch', { name: 'Hide watermark' }));
    expect(seen.style.hideBuildAI).toBe(true);
  });

  it('chooses the style: dark, colorful or light', () => {
    const seen = renderPanel();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Dark',
      'Colorful',
      'Light',
    ]);
    expect(screen.getByRole('radio', { name: 'Light' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'Colorful' }));
    expect(seen.style.styleName).toBe('colorful');
  });

  it('picks a colour from a named family, a custom hex, or back to the default', async () => {
    const seen = renderPanel();
    fireEvent.click(screen.getByLabelText('Header text colour'));
    fireEvent.click(await screen.findByRole('button', { name: 'Rose' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rose 700' }));
    const rose = COLOR_FAMILIES.find((f) => f.name === 'Rose')!;
    expect(seen.style.headerTextColor).toBe(rose.shades[7]);
    expect(COLOR_FAMILIES).toHaveLength(22);
    expect(COLOR_FAMILIES.every((f) => f.shades.length === 10)).toBe(true);

    fireEvent.change(screen.getByLabelText('Hex colour'), { target: { value: 'ABCDEF' } });
    expect(seen.style.headerTextColor).toBe('#abcdef');
    fireEvent.change(screen.getByLabelText('Hex colour'), { target: { value: '#12' } });
    expect(seen.style.headerTextColor).toBe('#abcdef');
    fireEvent.click(screen.getByRole('button', { name: 'Default' }));
    expect(seen.style.headerTextColor).toBe('');
  });

  it('uploads the logo with progress, then shows it and can remove it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen = renderPanel();
    fireEvent.change(screen.getByLabelText('Logo'), { target: { files: [png()] } });
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toBe('/api/apps/a1/images?kind=logo');
    expect(xhr.body?.get('file')).toBeInstanceOf(File);

    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(screen.getByText('40%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Uploading logo' })).toBeTruthy();

    await act(async () => xhr.respond(200, { url: '/api/files/accounts/acc_1/apps/a1/style/logo-1.png' }));
    expect(seen.style.logoUrl).toBe('/api/files/accounts/acc_1/apps/a1/style/logo-1.png');
    expect(await screen.findByText(builderMessages.imageUploaded)).toBeTruthy();
    expect(screen.getByAltText('Logo preview')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(seen.style.logoUrl).toBe('');
  });

  it('refuses a file of 10,000,000 bytes before sending it, and tells when the upload fails', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen = renderPanel();
    fireEvent.change(screen.getByLabelText('Background image'), { target: { files: [png(10_000_000)] } });
    expect(await screen.findByText('File size to large')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Background image'), { target: { files: [png()] } });
    await act(async () =>
      FakeXhr.sent[0]!.respond(500, { error: { code: 'internal', message: 'Something went wrong' } }),
    );
    expect(await screen.findByText(builderMessages.imageUploadFailed)).toBeTruthy();
    expect(seen.style.backgroundImage).toBe('');
  });
});
