import * as React from 'react';
import { isIntegrationProvider } from '@buildai/domain';
import { errorMessage } from '@/lib/api-client';
import { fetchStartUrl, type IntegrationProvider } from '../api/integrations';
import { accountConnectors } from '../connectors';

/** What the callback page posts to its opener (`apps/server/src/features/integrations/oauth.ts`, popupPage). */
export const INTEGRATION_MESSAGE_TYPE = 'buildai:integration';
export const CONNECT_FAILED_MESSAGE = 'The connection failed, try again later';

export type IntegrationOutcome =
  | { provider: IntegrationProvider; kind: 'connected' }
  | { provider: IntegrationProvider; kind: 'cancelled' }
  | { provider: IntegrationProvider; kind: 'error'; message: string };

export const popupBlockedMessage = (provider: IntegrationProvider) =>
  `Your browser blocked the ${accountConnectors[provider].name} window. Allow pop-ups for this site and try again.`;

/**
 * Reads a `message` event: only our own origin and our message type count, for a provider we know. Answers null for
 * anything else.
 */
export function readIntegrationMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  ownOrigin: string = window.location.origin,
): IntegrationOutcome | null {
  if (event.origin !== ownOrigin) return null;
  const data: unknown = event.data;
  if (!data || typeof data !== 'object') return null;
  const { type, provider, connected, cancelled, error } = data as Record<string, unknown>;
  if (type !== INTEGRATION_MESSAGE_TYPE) return null;
  if (!isIntegrationProvider(provider)) return null;
  if (connected === true) return { provider, kind: 'connected' };
  if (cancelled === true) return { provider, kind: 'cancelled' };
  return {
    provider,
    kind: 'error',
    message: typeof error === 'string' && error.trim() ? error : CONNECT_FAILED_MESSAGE,
  };
}

function popupFeatures(): string {
  const width = 520;
  const height = 680;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/** How often a popup is checked for having been closed by hand. */
export const POPUP_CHECK_MS = 500;
/**
 * How long a closed popup's message is still waited for. The callback page posts its message and closes at once;
 * on a busy machine the close can be seen before the message arrives, which must not drop the message.
 */
export const CLOSED_GRACE_MS = 1000;

export interface IntegrationPopupHandlers {
  appId: string;
  /** the callback page answered (connected, cancelled or failed) */
  onOutcome: (outcome: IntegrationOutcome) => void;
  /** the popup could not be opened or the consent address could not be had */
  onError: (message: string) => void;
}

/**
 * "Connect Notion", "Connect Google Drive": every account connector connects this way. Opens a blank popup at once
 * (inside the click, so popup blockers let it through), asks the server for the provider's consent address and
 * sends the popup there, then waits for the callback page's message. A popup closed without a message ends the wait
 * quietly, a second after it is seen closed (`CLOSED_GRACE_MS`).
 */
export function useIntegrationPopup({ appId, onOutcome, onError }: IntegrationPopupHandlers) {
  const [pending, setPending] = React.useState<IntegrationProvider | null>(null);
  const popupRef = React.useRef<Window | null>(null);
  const pendingRef = React.useRef<IntegrationProvider | null>(null);
  const handlers = React.useRef({ onOutcome, onError });
  React.useEffect(() => {
    handlers.current = { onOutcome, onError };
  });

  const settle = React.useCallback(() => {
    popupRef.current = null;
    pendingRef.current = null;
    setPending(null);
  }, []);

  React.useEffect(() => {
    function onMessage(event: MessageEvent) {
      const outcome = readIntegrationMessage(event);
      if (!outcome || outcome.provider !== pendingRef.current) return;
      settle();
      handlers.current.onOutcome(outcome);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [settle]);

  React.useEffect(() => {
    if (!pending) return;
    let grace: number | undefined;
    const id = window.setInterval(() => {
      if (popupRef.current && !popupRef.current.closed) return;
      window.clearInterval(id);
      // the message it posted as it closed may still be on its way; one that comes settles first, and the wait ends
      // with this effect
      grace = window.setTimeout(settle, CLOSED_GRACE_MS);
    }, POPUP_CHECK_MS);
    return () => {
      window.clearInterval(id);
      window.clearTimeout(grace);
    };
  }, [pending, settle]);

  // a popup left open when the dialog goes away is of no use any more
  React.useEffect(() => () => popupRef.current?.close(), []);

  const connect = React.useCallback(
    (provider: IntegrationProvider) => {
      if (pendingRef.current) return;
      const popup = window.open('about:blank', `buildai-${provider}`, popupFeatures());
      if (!popup) {
        handlers.current.onError(popupBlockedMessage(provider));
        return;
      }
      popupRef.current = popup;
      pendingRef.current = provider;
      setPending(provider);
      fetchStartUrl(appId, provider).then(
        (url) => {
          if (popupRef.current !== popup || popup.closed) return;
          popup.location.href = url;
          popup.focus?.();
        },
        (err: unknown) => {
          if (popupRef.current !== popup) return;
          popup.close();
          settle();
          handlers.current.onError(errorMessage(err));
        },
      );
    },
    [appId, settle],
  );

  return { connect, pending };
}
