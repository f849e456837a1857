import { parse } from 'node-html-parser';

export interface ExtractedPage {
  title: string | null;
  text: string;
  /** Absolute http(s) links without their fragment, in document order, each once. */
  links: URL[];
}

/** Elements whose content is never the page's text. */
const DROPPED = 'script, style, nav, noscript, template, svg, iframe, head';

function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The title, readable text and links of an HTML page; `base` is the page's own URL (after redirects). */
export function extractHtml(html: string, base: URL): ExtractedPage {
  const root = parse(html, {
    blockTextElements: { script: false, style: false, noscript: false, pre: true },
  });
  const title = tidy(root.querySelector('title')?.text ?? '') || tidy(root.querySelector('h1')?.text ?? '');
  let baseUrl = base;
  const declared = root.querySelector('base[href]')?.getAttribute('href');
  if (declared) {
    try {
      baseUrl = new URL(declared, base);
    } catch {
      // a broken <base> is ignored
    }
  }
  const seen = new Set<string>();
  const links: URL[] = [];
  for (const a of root.querySelectorAll('a[href]')) {
    let link: URL;
    try {
      link = new URL(a.getAttribute('href')!.trim(), baseUrl);
    } catch {
      continue;
    }
    if (link.protocol !== 'http:' && link.protocol !== 'https:') continue;
    link.hash = '';
    if (seen.has(link.href)) continue;
    seen.add(link.href);
    links.push(link);
  }
  for (const node of root.querySelectorAll(DROPPED)) node.remove();
  const body = root.querySelector('body') ?? root;
  return { title: title || null, text: tidy(body.structuredText), links };
}

/** A text/plain page: its text, no title, no links. */
export function extractPlain(text: string): ExtractedPage {
  return { title: null, text: tidy(text), links: [] };
}
