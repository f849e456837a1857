import { z } from 'zod';
import { RECORD_SYSTEM_FIELDS } from './entities';

/**
 * GET /api/tool-links/{path}: the published apps with an active tool at `/tool/{path}` (spec 001 §2), for the short
 * link on the product's own host, which names no app (issue 32, item 29).
 */
export const toolLinkApps = z.object({
  apps: z.array(
    z.object({
      appId: z.string(),
      appName: z.string(),
      toolTitle: z.string(),
      /** where the app's pages are served at `/`, when it has its own domain */
      customDomain: z.string().nullable(),
    }),
  ),
});
export type ToolLinkApps = z.infer<typeof toolLinkApps>;

/**
 * What an item page and its social preview call a record: the first non-empty text among the fields named like a
 * title (title, name, header, label, subject), else the first short text field, else ''.
 */
export function itemTitle(record: Record<string, unknown>): string {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  for (const key of ['title', 'name', 'header', 'label', 'subject']) {
    const found = Object.keys(record).find((k) => k.toLowerCase() === key);
    if (found && text(record[found])) return text(record[found]);
  }
  for (const [key, value] of Object.entries(record)) {
    if ((RECORD_SYSTEM_FIELDS as readonly string[]).includes(key)) continue;
    const t = text(value);
    if (t && t.length <= 120 && !/^https?:\/\//.test(t)) return t;
  }
  return '';
}

/** The first longer text of a record that is not its title: the social preview's description (≤ 200 characters). */
export function itemDescription(record: Record<string, unknown>, title: string): string {
  for (const [key, value] of Object.entries(record)) {
    if ((RECORD_SYSTEM_FIELDS as readonly string[]).includes(key)) continue;
    if (typeof value !== 'string') continue;
    const t = value.trim().replace(/\s+/g, ' ');
    if (!t || t === title || /^https?:\/\//.test(t)) continue;
    return t.length > 200 ? `${t.slice(0, 199)}…` : t;
  }
  return '';
}

/** The first field holding an image (an https address or an uploaded file of this server): the preview's image. */
export function itemImage(record: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(record)) {
    if ((RECORD_SYSTEM_FIELDS as readonly string[]).includes(key) || typeof value !== 'string') continue;
    const v = value.trim();
    if (/^(?:https:\/\/|\/api\/files\/)\S+\.(?:png|jpe?g|gif|webp|avif)(?:[?#]\S*)?$/i.test(v)) return v;
  }
  return null;
}
