import { ApiAccessSection } from '@/features/api-access/components/api-access-section';
import { SettingsPanel } from '@/features/app-settings/components/settings-panel';
import type { SettingsPanelProps } from '@/lib/builder-types';

/** The App settings panel (app-settings) with its API access section (api-access), one chunk loaded with the panel. */
export function SettingsPanelWithApiAccess(props: SettingsPanelProps) {
  return <SettingsPanel {...props} renderApiAccess={(app) => <ApiAccessSection app={app} />} />;
}
