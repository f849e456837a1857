import type { AppSettings, AppView } from '@buildai/domain';
import type { BuilderAccount } from '@/lib/builder-types';

/** What every section of the App Settings panel gets (spec 001 §2 "App settings"). */
export interface SettingsSectionProps {
  app: AppView;
  settings: AppSettings;
  onChange: (patch: Partial<AppSettings>) => void;
  account: BuilderAccount;
  /** the panel is greyed out for a lite builder (spec 000 §6) */
  locked: boolean;
  onUpgrade: () => void;
}
