import { Component, StrictMode, useEffect, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { SHELL_SOURCE, reportToShell, toErrorItem, type AppErrorItem } from './bridge';
import { applyShellLocation, initFrameLocation } from './frame-location';
import { provideStorage } from './frame-storage';
import { postLoaded } from './lifecycle';
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

function listenToShell() {
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const data = event.data as { source?: unknown; type?: unknown; page?: unknown; search?: unknown } | null;
    if (!data || data.source !== SHELL_SOURCE || data.type !== 'go') return;
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

/**
 * Prepares the frame before the app's bundle runs (an app's own main.tsx renders as its bundle runs): styles,
 * error reports, the bridge to the shell and the frame's location.
 */
export function init(options: RuntimeConfig): void {
  config = options;
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
    createRoot(document.getElementById('root')!).render(<StrictMode>{element}</StrictMode>);
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
  for (const error of errors) reportToShell(error);
  const root = document.getElementById('root')!;
  createRoot(root).render(
    <Fallback title="This app could not be built" details={errors.map((e) => e.title).join('\n')} />,
  );
  postLoaded();
}
