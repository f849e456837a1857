import { AppError } from '@buildai/domain';
import { uploadFile, type UploadOptions } from '@/lib/upload';

export type AppImageKind = 'logo' | 'background';

/** POST /api/apps/{appId}/images?kind=logo|background, multipart `file` → { url }, with upload progress. */
export async function uploadAppImage(
  appId: string,
  kind: AppImageKind,
  file: File,
  opts: UploadOptions = {},
): Promise<string> {
  const body = await uploadFile<{ url?: unknown }>(
    `/api/apps/${encodeURIComponent(appId)}/images?kind=${kind}`,
    file,
    opts,
  );
  if (typeof body?.url !== 'string' || !body.url) throw new AppError('internal');
  return body.url;
}
