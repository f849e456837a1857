import { signedLinkQuery } from './signed-link';

/**
 * The preview link of a space app's current files (POST /api/apps/{appId}/preview-token). The document it opens is
 * built from the files at each load (`no-store`), so one link serves every reload while it is valid: asking for a
 * new one per change cost a round trip that waits behind the chat turn's own writes (bench (i)).
 */
export function previewLinkQuery(appId: string) {
  return signedLinkQuery(appId, 'preview-token', 1);
}
