import { desc, eq } from 'drizzle-orm';
import { MAX_APP_VERSIONS, type EntityEntry, type VersionsResponse } from '@buildai/domain';
import { appVersions } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadChatApp } from './load-space-app';
import { versionView } from './views';

type Change = { path: string; status: 'added' | 'modified' | 'deleted' };
const order = { added: 0, modified: 1, deleted: 2 } as const;

/** A version's contents by path: its files, and each entity's schema as `entities/{Name}.json` (the diff's names). */
function contents(row: {
  files: { path: string; content: string }[];
  entities: unknown;
}): Map<string, string> {
  const out = new Map(row.files.map((f) => [f.path, f.content]));
  for (const e of (row.entities ?? []) as EntityEntry[])
    out.set(`entities/${e.name}.json`, JSON.stringify(e.schema));
  return out;
}

/** What differs from `before` to `after`, added first, then modified, then deleted (each by path). */
function changesBetween(before: Map<string, string>, after: Map<string, string>): Change[] {
  const changes: Change[] = [];
  for (const [path, content] of after) {
    const old = before.get(path);
    if (old === undefined) changes.push({ path, status: 'added' });
    else if (old !== content) changes.push({ path, status: 'modified' });
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push({ path, status: 'deleted' });
  return changes.sort((a, b) => order[a.status] - order[b.status] || a.path.localeCompare(b.path));
}

/** GET /api/apps/{appId}/versions: newest first, each with the files it changed against the one before. */
export async function listVersions(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<VersionsResponse> {
  await loadChatApp(platform, caller, appId);
  const rows = await platform.db
    .select()
    .from(appVersions)
    .where(eq(appVersions.appId, appId))
    .orderBy(desc(appVersions.createdAt))
    .limit(MAX_APP_VERSIONS);
  const snapshots = rows.map(contents);
  return {
    versions: rows.map((row, i) => ({
      ...versionView(row),
      changes: i + 1 < rows.length ? changesBetween(snapshots[i + 1]!, snapshots[i]!) : null,
    })),
  };
}
