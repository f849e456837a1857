import { eq } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { accounts, users } from '../../../db/schema';
import { contextItems } from '../../../db/schema/context';
import { isAdminAccount } from '../../accounts';
import { crawl, pagesToText } from '../web/crawl';
import { crawlLimits } from '../web/scraper';
import { prose, type Connector } from './connector';

/** What `POST /api/context/ingest/web` stores a web page as. */
export const WEB_PAGE_ITEM = { type: 'web page', source: 'web scraper' } as const;

/**
 * The web importer: a page and its same-site links, crawled within the owner's plan's caps and the scraper's address
 * policy (decision 0006, "Web scraper addresses"). Nothing to connect or list: the builder types the address.
 */
export const web: Connector = {
  id: 'web',
  owns: (item) => item.source === WEB_PAGE_ITEM.source || item.type === WEB_PAGE_ITEM.type,
  import: async ({ platform, services: { scraper } }, item, signal) => {
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
  },
};
