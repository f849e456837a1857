import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { makeApp, makeBuilder, makeTool, renderBuilder } from '@/test/builder-test-kit';
import { AppToolsPanel } from './app-tools-panel';
import { UPLOADED_NOTICE_MS } from './tool-photo-dialog';

/** An XMLHttpRequest the test drives: progress, then an answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: unknown;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const image = (size?: number, type = 'image/png') => {
  const file = new File(['png'], 'photo.png', { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

function openPhoto() {
  const app = makeApp({ tools: [makeTool()] });
  const r = renderBuilder(<AppToolsPanel app={app} account={makeBuilder()} onUpgrade={() => {}} />, { app });
  fireEvent.keyDown(screen.getByRole('button', { name: 'Actions for Blog ideas' }), { key: 'Enter' });
  fireEvent.click(screen.getByRole('menuitem', { name: 'Edit photo' }));
  return r;
}
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [file] } });
/** the upload is sent by its mutation, a tick after the file is chosen */
async function sentUpload() {
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  return FakeXhr.sent[0]!;
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Edit photo', () => {
  it('a file of 10,000,000 bytes or more: File size to large, nothing sent', () => {
    openPhoto();
    choose(image(10_000_000));
    expect(screen.getByText('File size to large')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('only images', () => {
    openPhoto();
    choose(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Only images can be uploaded here')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads the file with a progress bar, says so for 3 s and refreshes the app', async () => {
    mockApi({});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { queryClient } = openPhoto();
    choose(image(9_999_999));
    const xhr = await sentUpload();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/apps/a1/tools/t1/image');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    act(() => xhr.progress(50, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading image' }).getAttribute('aria-valuenow')).toBe(
      '50',
    );
    await act(async () => xhr.respond(200, { imageUrl: '/api/files/thumb-1.png' }));
    expect(await screen.findByText('Image uploaded successfully!')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('img', { name: 'Photo of Blog ideas' }).getAttribute('src')).toBe(
      '/api/files/thumb-1.png',
    );
    expect(queryClient.getQueryState(['apps', 'a1'])!.isInvalidated).toBe(true);
    await act(async () => void vi.advanceTimersByTime(UPLOADED_NOTICE_MS - 100));
    expect(screen.getByText('Image uploaded successfully!')).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByText('Image uploaded successfully!')).toBeNull());
  });

  it('a failed upload: Failed to upload image. Please try again.', async () => {
    openPhoto();
    choose(image(1000));
    const xhr = await sentUpload();
    await act(async () => xhr.respond(500, { error: { code: 'internal', message: 'boom' } }));
    expect(await screen.findByText('Failed to upload image. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Image uploaded successfully!')).toBeNull();
  });

  it('an answer without an image address is a failure too', async () => {
    openPhoto();
    choose(image(1000));
    const xhr = await sentUpload();
    await act(async () => xhr.respond(200, {}));
    expect(await screen.findByText('Failed to upload image. Please try again.')).toBeTruthy();
  });

  it('while an upload runs: the buttons wait and another file is not sent', async () => {
    openPhoto();
    choose(image(1000));
    const xhr = await sentUpload();
    expect((screen.getByRole('button', { name: 'Choose image' }) as HTMLButtonElement).disabled).toBe(true);
    choose(image(2000));
    expect(FakeXhr.sent).toHaveLength(1);
    await act(async () => xhr.respond(200, { imageUrl: '/api/files/thumb-2.png' }));
    expect(await screen.findByText('Image uploaded successfully!')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Replace image' }) as HTMLButtonElement).disabled).toBe(false);
    expect(FakeXhr.sent).toHaveLength(1);
  });
});
