import * as React from 'react';
import { errorCatalogue } from '@buildai/domain';
import { LIVE_API, withAppId } from '../api/paths';

export const GOOGLE_MESSAGE_TYPE = 'buildai:google';
export const POPUP_BLOCKED_MESSAGE =
  'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.';

/** What the Google callback page posts to its opener (docs/decisions/0002). */
export type GoogleResult = { customToken: string; tenantId: string | null } | { error: string };

/** Errors that mean the user changed their mind: ignored silently, like a closed popup (spec 000 §2, §8). */
const CANCELLED = new Set(['access_denied', 'auth/popup-closed-by-user', 'auth/cancelled-popup-request']);

/** The text to show for the callback's `error`: a catalogue code's message, or the server's message as sent. */
function errorText(error: unknown): string | null {
  const fallback = errorCatalogue['auth/google-failed'].message;
  if (typeof error === 'string') {
    if (CANCELLED.has(error)) return null;
    const known = (errorCatalogue as Record<string, { message: string }>)[error];
    return known?.message ?? (error.trim() || fallback);
  }
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CANCELLED.has(code)) return null;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}

/**
 * Reads a `message` event: only our own origin and our message type count. Answers null for anything to ignore
 * (another origin, another sender, a cancelled sign-in).
 */
export function readGoogleMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  ownOrigin: string = window.location.origin,
): GoogleResult | null {
  if (event.origin !== ownOrigin) return null;
  const data: unknown = event.data;
  if (!data || typeof data !== 'object' || (data as { type?: unknown }).type !== GOOGLE_MESSAGE_TYPE)
    return null;
  const { customToken, tenantId, error, cancelled } = data as {
    customToken?: unknown;
    tenantId?: unknown;
    error?: unknown;
    cancelled?: unknown;
  };
  if (typeof customToken === 'string' && customToken) {
    return { customToken, tenantId: typeof tenantId === 'string' ? tenantId : null };
  }
  // the user closed Google's consent screen: the callback says "cancelled", nothing to show
  if (cancelled === true && error === undefined) return null;
  const text = errorText(error);
  return text === null ? null : { error: text };
}

function popupFeatures(): string {
  const width = 500;
  const height = 640;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export interface GoogleSignInHandlers {
  appId: string | null;
  onCustomToken: (result: { customToken: string; tenantId: string | null }) => void;
  onError: (message: string) => void;
}

/**
 * "Continue with Google": opens `/api/live_api/auth/google/start[?appId=]` in a popup and waits for the callback
 * page's message. A popup closed without a message ends the wait silently.
 */
export function useGoogleSignIn({ appId, onCustomToken, onError }: GoogleSignInHandlers) {
  const [pending, setPending] = React.useState(false);
  const popupRef = React.useRef<Window | null>(null);
  const handlers = React.useRef({ onCustomToken, onError });
  React.useEffect(() => {
    handlers.current = { onCustomToken, onError };
  });

  React.useEffect(() => {
    function onMessage(event: MessageEvent) {
      const result = readGoogleMessage(event);
      if (!result) return;
      popupRef.current = null;
      setPending(false);
      if ('error' in result) handlers.current.onError(result.error);
      else handlers.current.onCustomToken(result);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  React.useEffect(() => {
    if (!pending) return;
    const id = window.setInterval(() => {
      if (!popupRef.current || popupRef.current.closed) {
        popupRef.current = null;
        setPending(false);
      }
    }, 500);
    return () => window.clearInterval(id);
  }, [pending]);

  const start = React.useCallback(() => {
    const popup = window.open(
      withAppId(`${LIVE_API}/auth/google/start`, appId),
      'buildai-google',
      popupFeatures(),
    );
    if (!popup) {
      handlers.current.onError(POPUP_BLOCKED_MESSAGE);
      return;
    }
    popupRef.current = popup;
    popup.focus?.();
    setPending(true);
  }, [appId]);

  return { start, pending };
}
