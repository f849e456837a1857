import * as client from 'react-dom/client';
import { reportToShell, toErrorItem } from './bridge';
import { appRendered, trackRoot } from './lifecycle';

/**
 * `react-dom/client` for an app whose own `main.tsx` renders it: its root reports the errors React catches to the
 * builder's issues panel (as the runtime's own root does) and tells the shell the app has loaded.
 */
export function createRoot(container: Element | DocumentFragment, options?: client.RootOptions): client.Root {
  const root = client.createRoot(container, {
    ...options,
    onUncaughtError: (error, info) => {
      reportToShell({
        ...toErrorItem(error),
        details: `${toErrorItem(error).details}\n${info.componentStack ?? ''}`.slice(0, 10_000),
      });
      options?.onUncaughtError?.(error, info);
    },
    onCaughtError: (error, info) => {
      reportToShell(toErrorItem(error));
      options?.onCaughtError?.(error, info);
    },
  });
  return trackRoot({
    render: (children) => {
      root.render(children);
      appRendered();
    },
    unmount: () => root.unmount(),
  });
}

/** There is nothing to hydrate in a frame: the app renders afresh. */
export function hydrateRoot(
  container: Element | Document,
  children: Parameters<client.Root['render']>[0],
  options?: client.RootOptions,
): client.Root {
  const root = createRoot(container as Element, options);
  root.render(children);
  return root;
}

export { version } from 'react-dom';
