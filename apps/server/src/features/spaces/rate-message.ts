import { and, eq } from 'drizzle-orm';
import { AppError, type MessageRating, type RatingRequest } from '@buildai/domain';
import { appChatMessages } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadChatApp } from './load-space-app';

export interface RateMessageOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  /** the body, read once the caller is known to own the app */
  request: () => Promise<RatingRequest>;
}

/** POST /api/apps/{appId}/rating: rates an assistant message once (spec 001 §5). */
export async function rateMessage({ platform, caller, appId, request: body }: RateMessageOptions) {
  await loadChatApp(platform, caller, appId);
  const request = await body();
  const rating: MessageRating = {
    score: request.score,
    feedback: request.feedback,
    comment: request.comment,
    createdAt: new Date().toISOString(),
  };
  return platform.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(appChatMessages)
      .where(and(eq(appChatMessages.appId, appId), eq(appChatMessages.messageId, request.messageId)))
      .for('update');
    if (!row) throw new AppError('space/message-not-found');
    if (row.role !== 'assistant') throw new AppError('rating/not-assistant');
    if (row.annotation.rating) throw new AppError('rating/already-rated');
    // the turn's last write would replace the annotation: rate it once it is done
    if (row.status === 'streaming') throw new AppError('space/chat-busy');
    await tx
      .update(appChatMessages)
      .set({ annotation: { ...row.annotation, rating } })
      .where(eq(appChatMessages.messageId, row.messageId));
    return { ok: true as const, rating };
  });
}
