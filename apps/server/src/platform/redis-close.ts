import type { Redis } from 'ioredis';

/**
 * Ends a connection: QUIT once it is ready, so replies still owed arrive first; otherwise at once, since QUIT
 * would wait for a server that is not there while commands in the offline queue keep retrying.
 */
export async function closeRedis(conn: Redis | undefined): Promise<void> {
  if (!conn || conn.status === 'end') return;
  if (conn.status === 'ready') {
    await conn.quit();
    return;
  }
  conn.disconnect();
}
