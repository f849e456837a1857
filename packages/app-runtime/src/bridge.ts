/**
 * The frame's side of the postMessage bridge to the runtime shell (the product page that holds the frame). The
 * frame's origin is opaque (sandbox without allow-same-origin), so it cannot name the shell's origin: what it posts
 * carries nothing secret (the app's own errors and page names), and the shell checks the sender (its own frame)
 * and the shape of every message. Shapes: `appFrameMessageSchema` / `shellMessageSchema` in the domain.
 */
export const FRAME_SOURCE = 'buildai-app';
export const SHELL_SOURCE = 'buildai-shell';

export interface AppErrorItem {
  title: string;
  details: string;
  componentName?: string;
}

export type FrameMessage =
  | { source: typeof FRAME_SOURCE; type: 'loaded'; page: string }
  | { source: typeof FRAME_SOURCE; type: 'error'; error: AppErrorItem }
  | { source: typeof FRAME_SOURCE; type: 'navigate'; page: string; search: string };

export function postToShell(message: FrameMessage): void {
  if (window.parent === window) return;
  window.parent.postMessage(message, '*');
}

const MAX_TITLE = 1000;
const MAX_DETAILS = 10_000;

/** An error as the issues panel shows it, cut to the sizes the shell accepts. */
export function toErrorItem(error: unknown, componentName?: string): AppErrorItem {
  const title =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : String(error);
  const details = error instanceof Error ? (error.stack ?? title) : title;
  return {
    title: title.slice(0, MAX_TITLE),
    details: details.slice(0, MAX_DETAILS),
    ...(componentName ? { componentName: componentName.slice(0, 200) } : {}),
  };
}

export function reportToShell(error: AppErrorItem): void {
  postToShell({ source: FRAME_SOURCE, type: 'error', error });
}
