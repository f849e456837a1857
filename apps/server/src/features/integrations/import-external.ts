import { eq } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import type { Platform } from '../../platform';
import { accounts, users } from '../../db/schema';
import { contextItems } from '../../db/schema/context';
import type { ExtractedText } from '../context';
import { isAdminAccount } from '../accounts';
import { loadConnection, type IntegrationProvider } from './connections';
import { exportDriveFile } from './google-drive';
import { notionDatabaseTable, notionPageText } from './notion';
import { crawl, pagesToText } from './web/crawl';
import type { IntegrationServices } from './services';
import { crawlLimits } from './web/scraper';

type ItemRow = typeof contextItems.$inferSelect;

/**
 * The text of an item that lives elsewhere: a web page (crawled within the plan's caps), a Notion page or database,
 * or a Google Drive document, sheet or slide deck. Throws an AppError when it cannot be fetched for good (refused
 * address, not connected, missing item); any other error is worth a retry.
 */
export async function importExternal(
  platform: Platform,
  services: IntegrationServices,
  item: ItemRow,
  signal: AbortSignal,
): Promise<ExtractedText> {
  if (item.source === 'web scraper' || item.type === 'web page')
    return importWebPage(platform, services, item, signal);
  if (item.source === 'notion' || item.provider === 'notion') {
    const connection = await connectionFor(platform, services, item, 'notion');
    const id = providerId(item);
    if (item.type === 'notion database') {
      const table = await notionDatabaseTable(platform, connection, id, signal);
      return { kind: 'table', ...table };
    }
    return prose(await notionPageText(platform, connection, id, signal));
  }
  if (item.source === 'google drive' || item.provider === 'google-drive') {
    const connection = await connectionFor(platform, services, item, 'google-drive');
    const extracted = await exportDriveFile(
      platform,
      services,
      item.accountId,
      connection,
      providerId(item),
      item.type,
      signal,
    );
    return extracted.kind === 'prose' ? prose(extracted.text) : extracted;
  }
  throw new AppError('context/unsupported-type');
}

function prose(text: string): ExtractedText {
  if (text.trim() === '') throw new AppError('context/no-text');
  return { kind: 'prose', text };
}

function providerId(item: ItemRow): string {
  const id = item.providerItemId ?? item.externalFileId;
  if (!id) throw new AppError('context/not-found');
  return id;
}

async function connectionFor(
  platform: Platform,
  services: IntegrationServices,
  item: ItemRow,
  provider: IntegrationProvider,
) {
  const connection = await loadConnection(platform, services.signingKey, item.accountId, provider);
  if (!connection) throw new AppError('integration/not-connected');
  return connection;
}

async function importWebPage(
  platform: Platform,
  { scraper }: IntegrationServices,
  item: ItemRow,
  signal: AbortSignal,
): Promise<ExtractedText> {
  if (!item.externalFileUrl) throw new AppError('context/url-refused');
  const [owner] = await platform.db
    .select({ account: accounts, email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.accountId, item.accountId));
  if (!owner) throw new AppError('account/not-found');
  const limits = crawlLimits(owner.account.plan, isAdminAccount(platform, owner.account, owner.email));
  const extra = scraper.overrides;
  const pages = await crawl(item.externalFileUrl, {
    ...limits,
    policy: scraper.policy(),
    resolve: extra.resolve,
    pageTimeoutMs: extra.pageTimeoutMs,
    maxPageBytes: extra.maxPageBytes,
    signal,
  });
  const title = pages[0]?.title;
  // the item is named after the page once its title is known (decision 0004, "Item names")
  if (title && item.name === item.externalFileUrl) {
    await platform.db
      .update(contextItems)
      .set({ name: title.slice(0, 300), updatedAt: new Date() })
      .where(eq(contextItems.id, item.id));
  }
  return prose(pagesToText(pages.filter((p) => p.text.trim() !== '' || p.title)));
}
