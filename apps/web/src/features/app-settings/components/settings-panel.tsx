import type * as React from 'react';
import { Lock, Sparkles } from 'lucide-react';
import {
  aiQueryMethods,
  builderMessages,
  creditsLabel,
  isLiteBuilder,
  CREDITS_PER_RUN_MAX,
  CREDITS_PER_RUN_MIN,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  TEMPERATURE_STEP,
  USER_LIMIT_MAX,
  USER_LIMIT_MIN,
  type AppSettings,
  type AppView,
} from '@buildai/domain';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Slider } from '@/components/ui/slider';
import { cn } from '@/lib/utils';
import { useVectorSearch } from '@/lib/builder-api/list-models';
import type { BuilderAccount, SettingsPanelProps } from '@/lib/builder-types';
import { FormRow, PanelSection, SwitchRow } from '@/components/builder/form-row';
import { AppClaimSection } from './app-claim-section';
import { AppTemplateSection } from './app-template-section';
import { CollaboratorsSection } from './collaborators-section';
import { MainPageSelect } from './main-page-select';
import { PaidMembershipsSection } from './paid-memberships-section';
import { UserSignupSection } from './user-signup-section';
import { IntegerInput, ModelSelect, TemplateSettings } from './settings-controls';

const QUERY_METHOD_LABEL: Record<AppSettings['aiQueryMethod'], string> = {
  hybrid: 'Hybrid (full text and vector)',
  fulltext: 'Full text',
  vector: 'Vector',
};

/**
 * The query method. Hybrid and vector need vector search, which the server may not have (no embedding model, or
 * no pgvector): then they are offered as off, the hint says why, and a method already chosen says it runs as full
 * text for now.
 */
function QueryMethodRow({
  settings,
  locked,
  onChange,
}: {
  settings: AppSettings;
  locked: boolean;
  onChange: (patch: Partial<AppSettings>) => void;
}) {
  const vector = useVectorSearch(true);
  const off = vector.data && !vector.data.on ? vector.data : null;
  return (
    <FormRow
      id="settings-query-method"
      label="Query method"
      hint={
        off ? (
          <span data-testid="vector-search-off">
            {off.reason}
            {settings.aiQueryMethod !== 'fulltext' && " This app's choice runs as full text until it is on."}
          </span>
        ) : (
          'How your data sources are searched.'
        )
      }
    >
      <NativeSelect
        id="settings-query-method"
        value={settings.aiQueryMethod}
        disabled={locked}
        onChange={(e) => onChange({ aiQueryMethod: e.target.value as AppSettings['aiQueryMethod'] })}
      >
        {aiQueryMethods.map((m) => (
          <option
            key={m}
            value={m}
            disabled={off !== null && m !== 'fulltext' && m !== settings.aiQueryMethod}
          >
            {QUERY_METHOD_LABEL[m]}
            {off && m !== 'fulltext' ? ' (off on this server)' : ''}
          </option>
        ))}
      </NativeSelect>
    </FormRow>
  );
}

/** Anonymous visitors are counted by browser and by address too (decision 0006): said beside the limits. */
export const ANONYMOUS_LIMITS_NOTE =
  'Visitors who are not signed in are also counted by their network address, so people behind one address (an office, a school) share one allowance.';

/** A lite builder (not an admin) sees the run settings greyed out (spec 000 §6). */
export function settingsLocked(account: BuilderAccount): boolean {
  return isLiteBuilder(account);
}

interface Props extends SettingsPanelProps {
  /** the API access section (its own feature, composed in app/) */
  renderApiAccess: (app: AppView) => React.ReactNode;
}

/** App Settings / Tool Settings (spec 000 §3, §5, §6): the model and run settings of the app. */
export function SettingsPanel({
  app,
  settings,
  onChange,
  account,
  onUpgrade,
  mainPages,
  renderApiAccess,
}: Props) {
  const locked = settingsLocked(account);
  const admin = account.isAdmin;
  const space = mainPages !== undefined;
  const section = { app, settings, onChange, account, locked, onUpgrade };
  return (
    <div className="grid gap-5">
      {locked && (
        <Alert variant="info">
          <Lock />
          <AlertDescription className="gap-3 text-accent-foreground">
            <p className="font-medium">{builderMessages.settingsLocked}</p>
            <Button type="button" size="sm" onClick={onUpgrade}>
              <Sparkles />
              Upgrade plan
            </Button>
          </AlertDescription>
        </Alert>
      )}
      <div
        // ruled below like a section: the app-wide sections follow it
        className={cn('grid gap-5 border-b pb-5', locked && 'pointer-events-none opacity-60 select-none')}
        aria-disabled={locked || undefined}
      >
        {space && (
          <PanelSection title="Pages">
            <MainPageSelect
              options={mainPages}
              value={settings.mainPage}
              disabled={locked}
              onChange={(mainPage) => onChange({ mainPage })}
            />
          </PanelSection>
        )}

        {admin && !space && (
          <PanelSection title="Model">
            <ModelSelect
              value={settings.aiModel}
              disabled={locked}
              onChange={(aiModel) => onChange({ aiModel })}
            />
            <div className="grid gap-3">
              <div className="flex items-center justify-between">
                <Label id="settings-temperature-label">Temperature</Label>
                <span className="font-mono text-xs tabular-nums text-muted-foreground">
                  {settings.modelTemperature.toFixed(1)}
                </span>
              </div>
              <Slider
                aria-labelledby="settings-temperature-label"
                thumbLabels={['Temperature']}
                min={TEMPERATURE_MIN}
                max={TEMPERATURE_MAX}
                step={TEMPERATURE_STEP}
                value={[settings.modelTemperature]}
                disabled={locked}
                onValueChange={([t]) => onChange({ modelTemperature: Math.round((t ?? 0) * 10) / 10 })}
              />
              <div className="flex justify-between text-[11px] text-muted-foreground">
                <span>Focused</span>
                <span>Creative</span>
              </div>
            </div>
            <QueryMethodRow settings={settings} locked={locked} onChange={onChange} />
          </PanelSection>
        )}

        {!space && (
          <PanelSection title="Runs per user" description="Leave empty for no limit.">
            <div className="grid grid-cols-2 gap-3">
              <IntegerInput
                id="settings-daily-limit"
                label="Daily runs"
                value={settings.dailyUserLimit}
                onChange={(dailyUserLimit) => onChange({ dailyUserLimit })}
                min={USER_LIMIT_MIN}
                max={USER_LIMIT_MAX}
                optional
                disabled={locked}
              />
              <IntegerInput
                id="settings-weekly-limit"
                label="Weekly runs"
                value={settings.weeklyUserLimit}
                onChange={(weeklyUserLimit) => onChange({ weeklyUserLimit })}
                min={USER_LIMIT_MIN}
                max={USER_LIMIT_MAX}
                optional
                disabled={locked}
              />
            </div>
            <p className="text-xs text-muted-foreground" data-testid="anonymous-limits-note">
              {ANONYMOUS_LIMITS_NOTE}
            </p>
            {admin && (
              <IntegerInput
                id="settings-credits"
                label="Credits per run"
                value={settings.creditsPerRun}
                onChange={(n) => onChange({ creditsPerRun: n ?? 0 })}
                min={CREDITS_PER_RUN_MIN}
                max={CREDITS_PER_RUN_MAX}
                disabled={locked}
                hint={<span data-testid="credits-label">{creditsLabel(settings.creditsPerRun)}</span>}
              />
            )}
          </PanelSection>
        )}

        {!space && (
          <PanelSection title="Access">
            <SwitchRow
              id="settings-pro"
              label="Pro tool"
              description="Only members with a paid plan can run it."
              checked={settings.isProTool}
              disabled={locked}
              onCheckedChange={(isProTool) => onChange({ isProTool })}
            />
            {admin && (
              <SwitchRow
                id="settings-edit-results"
                label="User can edit results"
                description="Visitors may change the answer after it is generated."
                checked={settings.userCanEditResults}
                disabled={locked}
                onCheckedChange={(userCanEditResults) => onChange({ userCanEditResults })}
              />
            )}
          </PanelSection>
        )}

        {admin && (
          <PanelSection title="Template">
            <TemplateSettings settings={settings} onChange={onChange} disabled={locked} />
          </PanelSection>
        )}
      </div>
      <UserSignupSection {...section} />
      <PaidMembershipsSection {...section} />
      <AppTemplateSection {...section} />
      <AppClaimSection {...section} />
      {renderApiAccess(app)}
      <CollaboratorsSection app={app} />
    </div>
  );
}
