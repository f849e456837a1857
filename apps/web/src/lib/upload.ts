import { AppError } from '@buildai/domain';
import { NETWORK_ERROR_MESSAGE, withSession } from './auth-fetch';

export interface UploadOptions {
  /** 0–100 while the body is sent */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function sendOnce(
  path: string,
  file: File,
  opts: UploadOptions,
  token: string | null,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
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
      resolve({ status: xhr.status, body });
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
 * Multipart upload of `file` (field `file`) with upload progress, which `fetch` cannot report. A 401 refreshes the
 * session once (the web's one rule, lib/auth-fetch.ts); a failure throws the server's AppError, a cancel an AbortError.
 */
export async function uploadFile<T>(path: string, file: File, opts: UploadOptions = {}): Promise<T> {
  let sent = 0;
  const answer = await withSession((token) => {
    if (sent++ > 0) opts.onProgress?.(0);
    return sendOnce(path, file, opts, token);
  });
  if (answer.status < 200 || answer.status >= 300) throw AppError.fromBody(answer.body, answer.status);
  return answer.body as T;
}
