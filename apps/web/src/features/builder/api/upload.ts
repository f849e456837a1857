import { AppError, builderMessages, errorCatalogue, MAX_IMAGE_BYTES } from '@buildai/domain';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { getToken, refreshSession } from '@/lib/session';

/** The image types the server stores (docs/decisions/0003). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Why this file cannot be uploaded as an image, or null; checked before anything is sent. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return errorCatalogue['upload/not-image'].message;
  if (file.size >= MAX_IMAGE_BYTES) return builderMessages.imageTooLarge;
  return null;
}

export interface UploadOptions {
  /** 0–100 while the body is sent */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function sendOnce<T>(
  path: string,
  file: File,
  opts: UploadOptions,
): Promise<{ status: number; body: unknown; sentToken: boolean; value?: T }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        opts.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body, sentToken: token !== null });
    };
    xhr.onerror = () => reject(new AppError('network', { status: 0, message: NETWORK_ERROR_MESSAGE }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * Multipart upload of `file` (field `file`) with upload progress, which `fetch` cannot report. Same error handling
 * as the JSON client: a 401 refreshes the session once, a failure throws the server's AppError.
 */
export async function uploadFile<T>(path: string, file: File, opts: UploadOptions = {}): Promise<T> {
  let answer = await sendOnce<T>(path, file, opts);
  if (answer.status === 401 && answer.sentToken && (await refreshSession())) {
    opts.onProgress?.(0);
    answer = await sendOnce<T>(path, file, opts);
  }
  if (answer.status < 200 || answer.status >= 300) throw AppError.fromBody(answer.body, answer.status);
  return answer.body as T;
}
