import { PanelSection, SwitchRow } from '@/components/builder/form-row';
import type { SettingsSectionProps } from './settings-section';

/**
 * App template (spec 001 §2, §6; admins only): lists the published app in the app templates collection, from which
 * any builder starts a copy (files, tools, entities without records, settings without secrets).
 */
export function AppTemplateSection({ app, settings, onChange, account }: SettingsSectionProps) {
  if (!account.isAdmin || app.isCollaborator) return null;
  return (
    <PanelSection title="App template">
      <SwitchRow
        id="settings-app-template"
        label="List as an app template"
        description={
          app.isPublished
            ? 'Builders can start a new app from a copy of this one. Records, data sources, secrets and payments are not copied.'
            : 'Builders can start a new app from a copy of this one once it is published.'
        }
        checked={settings.isAppTemplate}
        onCheckedChange={(isAppTemplate) => onChange({ isAppTemplate })}
      />
    </PanelSection>
  );
}
