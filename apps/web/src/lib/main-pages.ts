import { DEFAULT_MAIN_PAGE, pageNameOf } from '@buildai/domain';

/**
 * The pages offered first in the main-page selector, in this order (spec 001 §5 "configured default pages come
 * first"): the page an app opens on when nothing is chosen, then the usual names of a landing page.
 */
export const DEFAULT_PAGES: readonly string[] = [DEFAULT_MAIN_PAGE, 'Landing', 'Dashboard'];

/** The page never offered (spec 001 §5 "one excluded page is omitted"): a not-found page is no place to open on. */
export const EXCLUDED_PAGE = 'NotFound';

export interface MainPageOption {
  name: string;
  /** the setting names a page the app no longer has (kept so the selector shows what is saved) */
  missing?: boolean;
}

/**
 * The options of the main-page selector for a space app's files: its pages (`pages/{Name}.tsx`), the configured
 * default pages first in their order, the others by name; the excluded page is left out. A saved choice whose page
 * is gone stays listed, marked missing, so the selector never shows a value other than the one saved.
 */
export function mainPageOptions(paths: readonly string[], saved = ''): MainPageOption[] {
  const names = [...new Set(paths.map(pageNameOf).filter((n): n is string => n !== null))].filter(
    (n) => n !== EXCLUDED_PAGE,
  );
  const defaults = DEFAULT_PAGES.filter((d) => names.includes(d));
  const rest = names
    .filter((n) => !DEFAULT_PAGES.includes(n))
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  const options: MainPageOption[] = [...defaults, ...rest].map((name) => ({ name }));
  if (saved && !names.includes(saved)) options.push({ name: saved, missing: true });
  return options;
}

/** The page `/app/{appId}` opens on for a `mainPage` setting. */
export function effectiveMainPage(saved: string): string {
  return saved || DEFAULT_MAIN_PAGE;
}
