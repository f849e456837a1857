import { randomBytes } from 'node:crypto';
import type { AppBuildError, AppErrorItem } from '@buildai/domain';
import type { AppBuild } from './bundle-app';

/**
 * The headers of every answer of the app origin (decision 0007, "CSP"): the sandbox keeps the document in an opaque
 * origin even when opened top-level; scripts run only with this answer's nonce. `appOrigin`: an app document's
 * images may come from there (its image cells' links, issue 32 item 7).
 */
export function appResponseHeaders(nonce?: string, appOrigin?: string): Record<string, string> {
  const policy = [
    'sandbox allow-scripts allow-forms allow-popups',
    "default-src 'none'",
    nonce ? `script-src 'nonce-${nonce}'` : "script-src 'none'",
    // an app's own CSS may import web fonts' stylesheets (it can load images and fonts from anywhere already)
    "style-src 'unsafe-inline' https:",
    // the app origin itself (named: a sandboxed document has an opaque origin) serves the images of image cells
    `img-src https: data: blob:${appOrigin ? ` ${appOrigin}` : ''}`,
    'font-src https: data:',
    'media-src https: data: blob:',
    'connect-src https:',
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** JSON inside a <script>: `<` escaped so no text of the app can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function buildErrorItems(errors: AppBuildError[]): AppErrorItem[] {
  return errors.map((e) => {
    const where = e.file ? `${e.file}${e.line ? `:${e.line}${e.column ? `:${e.column}` : ''}` : ''}` : null;
    return {
      title: `Build error${where ? ` in ${where}` : ''}: ${e.message}`.slice(0, 1000),
      details: JSON.stringify(e, null, 2).slice(0, 10_000),
      ...(e.file ? { componentName: e.file.slice(0, 200) } : {}),
    };
  });
}

export interface AppDocumentInput {
  appId: string;
  title: string;
  mainPage: string;
  /** the shared modules' script (the groups the app reads) */
  runtimeUrl: string;
  build: AppBuild;
  /** the app's branding's style: a dark app's document is dark from its first paint */
  dark?: boolean;
}

/** Text of the app inside a <script>: nothing in it can close the element or open a comment. */
const scriptText = (code: string) => code.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');

/** CSS inside a <style>: no text of the app can close the element. */
const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * The HTML of an app: its stylesheet, the shared modules, then the app's bundle (or its build errors), all under
 * one nonce. The runtime is prepared before the bundle runs, as an app's own main.tsx renders while it runs.
 */
export function renderAppDocument(input: AppDocumentInput): { html: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64');
  const start = input.build.ok
    ? `__buildaiRuntime.init(${scriptJson({ appId: input.appId, mainPage: input.mainPage, kit: input.build.kit, runtime: input.runtimeUrl })});\n${
        input.build.code
      }\n;__buildaiRuntime.run(globalThis.__buildaiApp);`
    : `__buildaiRuntime.showBuildErrors(${scriptJson(buildErrorItems(input.build.errors))});`;
  const css = input.build.ok ? `<style id="bai-app-css">${styleText(input.build.css)}</style>\n` : '';
  // the bundle is inline: it is served only with this document, so it needs no URL (and no token of its own)
  const html = `<!doctype html>
<html lang="en"${input.dark ? ' class="dark"' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title || 'App')}</title>
${css}<script nonce="${nonce}" src="${escapeHtml(input.runtimeUrl)}"></script>
</head>
<body>
<div id="root"></div>
<script nonce="${nonce}">${scriptText(start)}</script>
</body>
</html>
`;
  return { html, nonce };
}

/**
 * The script a preview frame loads to swap in the app's current bundle (decision 0012, "Swapping the bundle"): the
 * runtime's `swap` with the app's stylesheet and settings, and its bundle as a function the runtime runs in place of
 * the old one. A failed build hands `null`: the shell loads the frame again, which shows the errors.
 */
export function renderSwapScript(input: AppDocumentInput): string {
  if (!input.build.ok) return '__buildaiRuntime.swap(null);\n';
  const bundle = {
    runtime: input.runtimeUrl,
    css: input.build.css,
    kit: input.build.kit,
    mainPage: input.mainPage,
    dark: input.dark === true,
    title: input.title,
  };
  return `__buildaiRuntime.swap(${scriptJson(bundle)}, function () {\n${input.build.code}\n});\n`;
}

/** A plain page of the app origin (not found, link expired): no script at all. */
export function renderMessagePage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;
min-height:100vh;margin:0}main{max-width:420px;padding:24px;text-align:center}p{color:#64748b}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body></html>
`;
}
