import { DetailsPanel } from '@/features/app-settings/components/details-panel';
import { LazyActivateChatDialog } from '@/features/chat-activation/components/lazy-activate-chat-dialog';
import type { AppPanelSlots } from '@/lib/builder-types';
import { LazySettingsPanel } from './lazy-settings-panel';

/**
 * What every workspace shows of the other features: App details and App settings (app-settings, with its API access
 * section) and the Activate Your Chat Assistant dialog (chat-activation). The settings and the dialog load when first
 * opened.
 */
export const appPanels: AppPanelSlots = {
  renderDetails: (props) => <DetailsPanel {...props} />,
  renderSettings: (props) => <LazySettingsPanel {...props} />,
  renderActivateChat: (props) => <LazyActivateChatDialog {...props} />,
};
