import { Component, StrictMode, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  FRAME_SOURCE,
  SHELL_SOURCE,
  postToShell,
  reportToShell,
  toErrorItem,
  type AppErrorItem,
} from './bridge';
import { applyShellLocation, initLocation, usePage } from './sdk';
import { uiCss } from './ui-css';

/** What the generated entry passes: one component per `pages/{Name}.tsx`. */
export interface StartOptions {
  appId: string;
  mainPage: string;
  pages: Record<string, ComponentType>;
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

class PageBoundary extends Component<{ page: string; children: ReactNode }, { error: Error | null }> {
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
    return <Fallback title="Something went wrong on this page" details={this.state.error.message} />;
  }
}

function Fallback({ title, details }: { title: string; details: string }) {
  return (
    <div className="bai-fallback" role="alert">
      <h1 className="bai-h bai-h3">{title}</h1>
      <p className="bai-text bai-text-muted" style={{ margin: '8px 0 16px' }}>
        The details are in the issues panel of the builder.
      </p>
      <pre>{details}</pre>
    </div>
  );
}

function Router({ options }: { options: StartOptions }) {
  const page = usePage();
  const Page = options.pages[page];
  if (!Page) {
    return <Fallback title="Page not found" details={`This app has no page named "${page}".`} />;
  }
  return (
    <PageBoundary page={page}>
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
