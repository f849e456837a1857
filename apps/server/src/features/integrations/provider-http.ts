import { AppError, type IngestMetadataItem } from '@buildai/domain';

/** Something a connected provider offers to import, shaped as `POST /api/context/ingest/metadata` takes it. */
export type ImportableItem = IngestMetadataItem;

const REQUEST_TIMEOUT_MS = 30_000;
/** Text taken from one exported file at most (Drive exports up to 10 MB). */
export const MAX_EXPORT_BYTES = 10 * 1024 * 1024;

/**
 * Calls a provider's REST API. A refused token answers `integration/not-connected` and a missing item
 * `context/not-found` (both final); any other failure is a plain error, worth retrying.
 */
export async function providerFetch(
  url: string,
  init: RequestInit & { signal?: AbortSignal },
): Promise<Response> {
  const signal = AbortSignal.any([
    ...(init.signal ? [init.signal] : []),
    AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  ]);
  const res = await fetch(url, { ...init, signal, redirect: 'error' });
  if (res.ok) return res;
  await res.body?.cancel().catch(() => {});
  if (res.status === 401 || res.status === 403) throw new AppError('integration/not-connected');
  if (res.status === 404) throw new AppError('context/not-found');
  // the status tells the ingestion job whether to try again (5xx, 429) or not
  throw Object.assign(new Error(`${new URL(url).host} answered ${res.status}`), { status: res.status });
}

/** The body as text, refusing one beyond `max` bytes. */
export async function readTextCapped(res: Response, max = MAX_EXPORT_BYTES): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > max) throw new AppError('context/unsafe-document');
  const reader = res.body?.getReader();
  if (!reader) return '';
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new AppError('context/unsafe-document');
    }
    parts.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(parts));
}

/** One CSV field, quoted when it has to be. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Splits CSV text into records (a quoted field may hold line breaks), each kept as its own CSV text. */
export function csvRecords(text: string): string[] {
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      records.push(src.slice(start, i));
      if (ch === '\r' && src[i + 1] === '\n') i++;
      start = i + 1;
    }
  }
  records.push(src.slice(start));
  return records.filter((r) => r.trim() !== '');
}
