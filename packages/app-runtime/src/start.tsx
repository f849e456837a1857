import { Component, StrictMode, useEffect, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  FRAME_SOURCE,
  SHELL_SOURCE,
  postToShell,
  reportToShell,
  toErrorItem,
  type AppErrorItem,
} from './bridge';
import { applyShellLocation, initFrameLocation } from './frame-location';
import { provideStorage } from './frame-storage';
import { postLoaded, trackRoot, unmountRoots } from './lifecycle';
import { BrowserRouter, Route, Routes } from './router';
import { initLocation, navigate, usePage } from './sdk';
import { uiCss } from './ui-css';

type PageModule = { default?: unknown };

/** What the document says before the app's bundle runs: the app, its main page and where the visitor is. */
export interface RuntimeConfig {
  appId: string;
  mainPage: string;
  /**
   * The app imports the first version's kit (@buildai/app-ui): its stylesheet is added. An app on Tailwind does
   * without it, or its element rules (body, links) would win over Tailwind's layered ones.
   */
  kit?: boolean;
  /** the address of the shared modules' script this document loaded: a swapped bundle must need the same */
  runtime?: string;
}

/**
 * What the app's bundle sets (decision 0012, "How an app starts"): its pages (`pages/{Name}.tsx`), its root
 * component (`App.tsx`), the routes of a Next.js-style `app/.../page.tsx`, or nothing when its own `main.tsx`
 * rendered it.
 */
export type AppModules =
  | { mode: 'pages'; pages: Record<string, PageModule> }
  | { mode: 'app'; root: PageModule }
  | { mode: 'next'; routes: { path: string; module: PageModule }[] }
  | { mode: 'main' };

/** The first version's shape: pages only. */
export type StartOptions = RuntimeConfig & { pages: Record<string, PageModule> };

/** A page module's component, or null when its default export is not one (a function, memo or forwardRef). */
function pageComponent(module: { default?: unknown } | undefined): ComponentType | null {
  const exported = module?.default;
  if (typeof exported === 'function') return exported as ComponentType;
  if (exported && typeof exported === 'object' && '$$typeof' in exported) return exported as ComponentType;
  return null;
}

function injectStyles() {
  if (document.getElementById('bai-kit')) return;
  const style = document.createElement('style');
  style.id = 'bai-kit';
  style.textContent = uiCss;
  document.head.prepend(style);
}

function listenForErrors() {
  window.addEventListener('error', (event) => {
    reportToShell(toErrorItem(event.error ?? event.message));
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportToShell(toErrorItem(event.reason));
  });
}

/** Where the visitor is, from the document's address (`?page=Pricing&search=id%3D42`, `?page=products/42`). */
function initialLocation() {
  const query = new URLSearchParams(window.location.search);
  return { path: query.get('page') ?? '', search: query.get('search') ?? '' };
}

let listeningToShell = false;

/** The shell's messages, from the frame's parent only: go to a page, or swap in the app's current bundle. */
function listenToShell() {
  if (listeningToShell) return;
  listeningToShell = true;
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const data = event.data as {
      source?: unknown;
      type?: unknown;
      page?: unknown;
      search?: unknown;
      id?: unknown;
    } | null;
    if (!data || data.source !== SHELL_SOURCE) return;
    if (data.type === 'swap') {
      if (typeof data.id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(data.id)) requestSwap(data.id);
      return;
    }
    if (data.type !== 'go') return;
    if (typeof data.page !== 'string' || typeof data.search !== 'string') return;
    applyShellLocation({ path: data.page, search: data.search });
  });
}

class PageBoundary extends Component<
  { page: string; home: string; children: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    const item = toErrorItem(error, this.props.page);
    reportToShell({ ...item, details: `${item.details}\n${info.componentStack ?? ''}`.slice(0, 10_000) });
  }

  override componentDidUpdate(previous: { page: string }) {
    if (previous.page !== this.props.page && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Fallback
        title="Something went wrong on this page"
        details={this.state.error.message}
        home={this.props.page === this.props.home ? undefined : this.props.home}
      />
    );
  }
}

function Fallback({ title, details, home }: { title: string; details: string; home?: string }) {
  // the fallback is drawn with the kit's classes, whatever the app uses
  useEffect(injectStyles, []);
  return (
    <div className="bai-fallback" role="alert">
      <h1 className="bai-h bai-h3">{title}</h1>
      <p className="bai-text bai-text-muted" style={{ margin: '8px 0 16px' }}>
        Try again in a moment. The app's builder sees the details in the builder's issues panel.
      </p>
      <pre>{details}</pre>
      {home !== undefined && (
        <button type="button" className="bai-btn bai-btn-outline bai-btn-md" onClick={() => navigate(home)}>
          Go to the start page
        </button>
      )}
    </div>
  );
}

function NotAComponent({ page }: { page: string }) {
  const title = `pages/${page}.tsx does not default-export a React component`;
  useEffect(
    () =>
      reportToShell({ title, details: `Add "export default function ${page}() { … }"`, componentName: page }),
    [page, title],
  );
  return <Fallback title="This page could not be shown" details={title} />;
}

function PagesRouter({ pages, mainPage }: { pages: Record<string, PageModule>; mainPage: string }) {
  const page = usePage();
  const module = pages[page];
  const Page = pageComponent(module);
  if (!module) {
    return (
      <Fallback
        title="Page not found"
        details={`This app has no page named "${page}".`}
        home={page === mainPage ? undefined : mainPage}
      />
    );
  }
  if (!Page) return <NotAComponent page={page} />;
  return (
    <PageBoundary page={page} home={mainPage}>
      <Page />
    </PageBoundary>
  );
}

function NotFoundRoute() {
  return <Fallback title="Page not found" details="This app has no page at this address." home="" />;
}

function RootComponent({ module, name }: { module: PageModule; name: string }) {
  const Root = pageComponent(module);
  if (!Root) {
    const title = `${name} does not default-export a React component`;
    return <Fallback title="This app could not be shown" details={title} />;
  }
  return (
    <PageBoundary page={name} home={name}>
      <Root />
    </PageBoundary>
  );
}

let config: RuntimeConfig = { appId: '', mainPage: 'Home' };
/** the nonce of the document's scripts, for the script of a swapped bundle (read while the document's script runs) */
let scriptNonce = '';
/** the app runs (its bundle built): a swap can replace it; a document showing build errors is loaded again */
let swappable = false;

/**
 * Prepares the frame before the app's bundle runs (an app's own main.tsx renders as its bundle runs): styles,
 * error reports, the bridge to the shell and the frame's location.
 */
export function init(options: RuntimeConfig): void {
  config = options;
  scriptNonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? '';
  swappable = true;
  provideStorage();
  if (options.kit) injectStyles();
  listenForErrors();
  listenToShell();
  initFrameLocation(initialLocation());
  initLocation(options.appId, [], options.mainPage);
}

function rootElement(app: AppModules) {
  switch (app.mode) {
    case 'pages':
      initLocation(config.appId, Object.keys(app.pages), config.mainPage);
      return (
        <BrowserRouter>
          <PagesRouter pages={app.pages} mainPage={config.mainPage} />
        </BrowserRouter>
      );
    case 'app':
      return <RootComponent module={app.root} name="App" />;
    case 'next':
      return (
        <BrowserRouter>
          <Routes>
            {app.routes.map((route) => (
              <Route
                key={route.path}
                path={route.path}
                element={<RootComponent module={route.module} name={`app${route.path}/page`} />}
              />
            ))}
            <Route path="*" element={<NotFoundRoute />} />
          </Routes>
        </BrowserRouter>
      );
    default:
      return null;
  }
}

/** Starts the app once its bundle has run: renders its root (unless its own main.tsx did) and says it loaded. */
export function run(app: AppModules | undefined): void {
  const element = app ? rootElement(app) : null;
  if (element) {
    trackRoot(createRoot(document.getElementById('root')!)).render(<StrictMode>{element}</StrictMode>);
  }
  setTimeout(postLoaded, 0);
}

/** The first version's start: pages only, in one call. */
export function start(options: StartOptions): void {
  init({ ...options, kit: true });
  run({ mode: 'pages', pages: options.pages });
}

/** The app did not build: the page says so and the shell's issues panel gets each error. */
export function showBuildErrors(errors: AppErrorItem[]): void {
  injectStyles();
  // a swap asked of this document is refused: the shell loads it again
  listenToShell();
  for (const error of errors) reportToShell(error);
  const root = document.getElementById('root')!;
  createRoot(root).render(
    <Fallback title="This app could not be built" details={errors.map((e) => e.title).join('\n')} />,
  );
  postLoaded();
}

// -------------------------------------------------------------------------------------------------------------
// Swapping the bundle (decision 0012, "Swapping the bundle"): the shell asks, the frame loads its own app's
// current bundle from the app origin with its document's link, and runs it in place of the old one
// -------------------------------------------------------------------------------------------------------------

/** What the app origin's bundle script hands `swap`: the app's stylesheet and settings beside its code. */
export interface SwapBundle {
  runtime: string;
  css: string;
  kit: boolean;
  mainPage: string;
  dark: boolean;
  title: string;
}

const swapQueue: string[] = [];
let swapping: { id: string; received: boolean } | null = null;

function answerSwap(id: string, ok: boolean): void {
  if (swapping?.id === id) swapping = null;
  postToShell({ source: FRAME_SOURCE, type: 'swapped', id, ok });
  nextSwap();
}

/** The bundle of this preview document's app, on the app origin, with the link the document was opened with. */
function bundleUrl(): string | null {
  const token = new URLSearchParams(window.location.search).get('token');
  if (!token || !/^\/apps\/[^/]+\/preview$/.test(window.location.pathname)) return null;
  return `${window.location.pathname}/bundle.js?token=${encodeURIComponent(token)}`;
}

function requestSwap(id: string): void {
  swapQueue.push(id);
  nextSwap();
}

function nextSwap(): void {
  if (swapping) return;
  const id = swapQueue.shift();
  if (id === undefined) return;
  const src = swappable ? bundleUrl() : null;
  if (!src || !scriptNonce) {
    postToShell({ source: FRAME_SOURCE, type: 'swapped', id, ok: false });
    nextSwap();
    return;
  }
  const current = { id, received: false };
  swapping = current;
  const script = document.createElement('script');
  script.nonce = scriptNonce;
  script.src = src;
  // an expired link, a server that failed: the script never called swap
  const settle = () => {
    script.remove();
    if (!current.received) answerSwap(id, false);
  };
  script.onerror = settle;
  script.onload = settle;
  document.head.appendChild(script);
}

/**
 * Called by the app origin's bundle script (`/apps/{appId}/preview/bundle.js`): with the same shared modules as this
 * document, unmounts the app, replaces its stylesheet and runs the new bundle at the current address; else (another
 * set of modules, a failed build: `bundle` null) answers the shell that the frame must load again. Does nothing
 * unless the shell asked for a swap and the frame is loading its bundle.
 */
export function swap(bundle: SwapBundle | null, code?: () => void): void {
  const current = swapping;
  if (!current || current.received) return;
  current.received = true;
  if (!bundle || typeof code !== 'function' || bundle.runtime !== config.runtime) {
    answerSwap(current.id, false);
    return;
  }
  unmountRoots();
  const fresh = document.createElement('div');
  fresh.id = 'root';
  const old = document.getElementById('root');
  if (old) old.replaceWith(fresh);
  else document.body.prepend(fresh);
  let style = document.getElementById('bai-app-css');
  if (!style) {
    style = document.createElement('style');
    style.id = 'bai-app-css';
    document.head.appendChild(style);
  }
  style.textContent = bundle.css;
  document.documentElement.classList.toggle('dark', bundle.dark);
  document.title = bundle.title || 'App';
  config = { ...config, mainPage: bundle.mainPage, kit: bundle.kit };
  if (bundle.kit) injectStyles();
  else document.getElementById('bai-kit')?.remove();
  const scope = globalThis as { __buildaiApp?: AppModules };
  delete scope.__buildaiApp;
  try {
    code();
    const element = scope.__buildaiApp ? rootElement(scope.__buildaiApp) : null;
    if (element) trackRoot(createRoot(fresh)).render(<StrictMode>{element}</StrictMode>);
  } catch (error) {
    reportToShell(toErrorItem(error));
  }
  setTimeout(() => answerSwap(current.id, true), 0);
}
