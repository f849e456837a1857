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
import { applyShellLocation, initLocation, navigate, usePage } from './sdk';
import { uiCss } from './ui-css';

/** What the generated entry passes: the module of each `pages/{Name}.tsx`, whose default export is the page. */
export interface StartOptions {
  appId: string;
  mainPage: string;
  pages: Record<string, { default?: unknown }>;
}

/** A page module's component, or null when its default export is not one (a function, memo or forwardRef). */
function pageComponent(module: { default?: unknown } | undefined): ComponentType | null {
  const exported = module?.default;
  if (typeof exported === 'function') return exported as ComponentType;
  if (exported && typeof exported === 'object' && '$$typeof' in exported) return exported as ComponentType;
  return null;
}

function injectStyles() {
  const style = document.createElement('style');
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

/** The initial page and its parameters, from the document's address (`?page=Pricing&search=id%3D42`). */
function initialLocation(mainPage: string) {
  const query = new URLSearchParams(window.location.search);
  return { page: query.get('page') || mainPage, search: query.get('search') ?? '' };
}

function listenToShell() {
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const data = event.data as { source?: unknown; type?: unknown; page?: unknown; search?: unknown } | null;
    if (!data || data.source !== SHELL_SOURCE || data.type !== 'go') return;
    if (typeof data.page !== 'string' || typeof data.search !== 'string') return;
    applyShellLocation({ page: data.page, search: data.search });
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
  return (
    <div className="bai-fallback" role="alert">
      <h1 className="bai-h bai-h3">{title}</h1>
      <p className="bai-text bai-text-muted" style={{ margin: '8px 0 16px' }}>
        Try again in a moment. The app's builder sees the details in the builder's issues panel.
      </p>
      <pre>{details}</pre>
      {home && (
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

function Router({ options }: { options: StartOptions }) {
  const page = usePage();
  const module = options.pages[page];
  const Page = pageComponent(module);
  if (!module) {
    return (
      <Fallback
        title="Page not found"
        details={`This app has no page named "${page}".`}
        home={page === options.mainPage ? undefined : options.mainPage}
      />
    );
  }
  if (!Page) return <NotAComponent page={page} />;
  return (
    <PageBoundary page={page} home={options.mainPage}>
      <Page />
    </PageBoundary>
  );
}

/** Starts the app in its frame: styles, error reports, the page router and the bridge to the shell. */
export function start(options: StartOptions): void {
  injectStyles();
  listenForErrors();
  listenToShell();
  const location = initialLocation(options.mainPage);
  initLocation(options.appId, Object.keys(options.pages), options.mainPage, location);
  const root = document.getElementById('root')!;
  createRoot(root).render(
    <StrictMode>
      <Router options={options} />
    </StrictMode>,
  );
  postToShell({ source: FRAME_SOURCE, type: 'loaded', page: location.page });
}

/** The app did not build: the page says so and the shell's issues panel gets each error. */
export function showBuildErrors(errors: AppErrorItem[]): void {
  injectStyles();
  for (const error of errors) reportToShell(error);
  const root = document.getElementById('root')!;
  createRoot(root).render(
    <Fallback title="This app could not be built" details={errors.map((e) => e.title).join('\n')} />,
  );
  postToShell({ source: FRAME_SOURCE, type: 'loaded', page: '' });
}
