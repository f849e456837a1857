import { Plus, Trash2 } from 'lucide-react';
import {
  ASSISTANT_INSTRUCTIONS_MAX,
  ASSISTANT_STARTERS_MAX,
  ASSISTANT_WELCOME_MAX,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  TEMPERATURE_STEP,
  WIDGET_GREETING_MAX,
  WIDGET_ICON_LABEL,
  widgetIcons,
  type AppSettings,
  type ToolSummary,
} from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { ColorPicker } from '@/components/ui/color-picker';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Slider } from '@/components/ui/slider';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { useModels } from '@/lib/builder-api/list-models';
import { SwitchRow } from '@/components/builder/form-row';
import type { AssistantDraftState } from './use-assistant-draft';
import { WIDGET_ICONS } from './widget-preview';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs text-destructive">
      {message}
    </p>
  );
}

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span
      className={cn(
        'font-mono text-[11px] tabular-nums text-muted-foreground',
        value.length > max && 'text-destructive',
      )}
    >
      {value.length}/{max}
    </span>
  );
}

export interface BehaviourFieldsProps {
  state: AssistantDraftState;
  /** the app's settings: its model and temperature, which the assistant follows unless it has its own */
  appSettings: AppSettings;
  /** the app's tools: the active ones are offered */
  tools: readonly ToolSummary[];
  /** the model and temperature follow the tools' rules: only admins change them */
  isAdmin: boolean;
}

/** What the assistant says and does: instructions, welcome and starters, model, tools, beyond its data. */
export function BehaviourFields({ state, appSettings, tools, isAdmin }: BehaviourFieldsProps) {
  const { draft, set, errorOf } = state;
  const activeTools = tools.filter((t) => t.status === 'active');
  const instructionsError = errorOf('instructions');
  const welcomeError = errorOf('welcomeMessage');
  const startersError = errorOf('starters');
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="assistant-instructions">Instructions</Label>
          <Counter value={draft.instructions} max={ASSISTANT_INSTRUCTIONS_MAX} />
        </div>
        <Textarea
          id="assistant-instructions"
          rows={5}
          value={draft.instructions}
          placeholder="You are the friendly support assistant of Acme. Answer in two or three sentences. Never give medical advice; suggest seeing a doctor instead."
          aria-invalid={instructionsError ? true : undefined}
          aria-describedby={
            instructionsError ? 'assistant-instructions-error' : 'assistant-instructions-hint'
          }
          onChange={(e) => set({ instructions: e.target.value })}
          className="max-h-64 min-h-28"
        />
        <FieldError id="assistant-instructions-error" message={instructionsError} />
        <p id="assistant-instructions-hint" className="text-xs text-muted-foreground">
          Its persona and tone, and what it should refuse.
        </p>
      </div>

      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="assistant-welcome">Welcome message</Label>
          <Counter value={draft.welcomeMessage} max={ASSISTANT_WELCOME_MAX} />
        </div>
        <Textarea
          id="assistant-welcome"
          rows={2}
          value={draft.welcomeMessage}
          placeholder="Hi! Ask me anything about our products."
          aria-invalid={welcomeError ? true : undefined}
          aria-describedby={welcomeError ? 'assistant-welcome-error' : undefined}
          onChange={(e) => set({ welcomeMessage: e.target.value })}
          className="min-h-16"
        />
        <FieldError id="assistant-welcome-error" message={welcomeError} />
      </div>

      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <p className="text-sm font-medium" id="assistant-starters-label">
            Starter questions
          </p>
          <span className="text-xs text-muted-foreground">
            {draft.starters.length}/{ASSISTANT_STARTERS_MAX}
          </span>
        </div>
        {draft.starters.length === 0 && (
          <p className="text-xs text-muted-foreground">
            Questions your users can send with one click before they write anything.
          </p>
        )}
        <ul className="grid gap-2" aria-labelledby="assistant-starters-label">
          {draft.starters.map((starter, i) => {
            const error = errorOf(`starters.${i}`);
            return (
              <li key={i} className="grid gap-1">
                <div className="flex items-center gap-1.5">
                  <Input
                    aria-label={`Starter question ${i + 1}`}
                    value={starter}
                    placeholder="What are your opening hours?"
                    aria-invalid={error ? true : undefined}
                    onChange={(e) =>
                      set({ starters: draft.starters.map((s, j) => (j === i ? e.target.value : s)) })
                    }
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove starter question ${i + 1}`}
                    onClick={() => set({ starters: draft.starters.filter((_, j) => j !== i) })}
                  >
                    <Trash2 />
                  </Button>
                </div>
                <FieldError id={`assistant-starter-${i}-error`} message={error} />
              </li>
            );
          })}
        </ul>
        <FieldError id="assistant-starters-error" message={startersError} />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={draft.starters.length >= ASSISTANT_STARTERS_MAX}
          onClick={() => set({ starters: [...draft.starters, ''] })}
        >
          <Plus />
          Add a starter question
        </Button>
      </div>

      {isAdmin && <ModelFields state={state} appSettings={appSettings} />}

      <div className="grid gap-3 rounded-lg border p-4">
        <SwitchRow
          id="assistant-all-tools"
          label="Use every active tool"
          description={
            activeTools.length === 0
              ? 'This app has no active tools yet.'
              : 'The assistant may run your active tools when a user asks for what one does.'
          }
          checked={draft.toolIds === null}
          disabled={activeTools.length === 0}
          onCheckedChange={(all) => set({ toolIds: all ? null : activeTools.map((t) => t.toolId) })}
        />
        {draft.toolIds !== null && activeTools.length > 0 && (
          <ul className="grid gap-2 border-t pt-3" aria-label="Tools the assistant may call">
            {activeTools.map((tool) => {
              const on = draft.toolIds?.includes(tool.toolId) ?? false;
              const id = `assistant-tool-${tool.toolId}`;
              return (
                <li key={tool.toolId} className="flex items-center justify-between gap-3">
                  <Label htmlFor={id} className="min-w-0 font-normal">
                    <span className="truncate">{tool.title || tool.path}</span>
                    <span className="truncate font-mono text-xs text-muted-foreground">/{tool.path}</span>
                  </Label>
                  <Switch
                    id={id}
                    checked={on}
                    onCheckedChange={(next) =>
                      set({
                        toolIds: next
                          ? [...(draft.toolIds ?? []), tool.toolId]
                          : (draft.toolIds ?? []).filter((t) => t !== tool.toolId),
                      })
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <div className="rounded-lg border p-4">
        <SwitchRow
          id="assistant-beyond-data"
          label="Answer beyond its data sources"
          description={
            draft.answerBeyondData
              ? 'When its data sources do not hold the answer, it answers from general knowledge.'
              : 'It answers only from its data sources and says so when they do not hold the answer.'
          }
          checked={draft.answerBeyondData}
          onCheckedChange={(answerBeyondData) => set({ answerBeyondData })}
        />
      </div>
    </div>
  );
}

function ModelFields({ state, appSettings }: { state: AssistantDraftState; appSettings: AppSettings }) {
  const { draft, set } = state;
  const models = useModels(true);
  const list = models.data ?? [];
  const temperature = draft.temperature ?? appSettings.modelTemperature;
  const own = draft.model !== '' && !list.some((m) => m.id === draft.model);
  return (
    <div className="grid gap-4 rounded-lg border p-4">
      <div className="grid gap-2">
        <Label htmlFor="assistant-model">Model</Label>
        <NativeSelect
          id="assistant-model"
          value={draft.model}
          onChange={(e) => set({ model: e.target.value })}
        >
          <option value="">Same as the app ({appSettings.aiModel})</option>
          {own && <option value={draft.model}>{draft.model}</option>}
          {list.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </NativeSelect>
        {models.isError && (
          <p className="text-xs text-muted-foreground">
            The model list could not be loaded; the current model stays in use.
          </p>
        )}
      </div>
      <div className="grid gap-3">
        <div className="flex items-center justify-between gap-2">
          <Label id="assistant-temperature-label">Temperature</Label>
          <div className="flex items-center gap-2">
            <span className="font-mono text-xs tabular-nums text-muted-foreground">
              {temperature.toFixed(1)}
              {draft.temperature === null && ' (the app’s)'}
            </span>
            {draft.temperature !== null && (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto p-0 text-xs"
                onClick={() => set({ temperature: null })}
              >
                Use the app’s
              </Button>
            )}
          </div>
        </div>
        <Slider
          aria-labelledby="assistant-temperature-label"
          thumbLabels={['Temperature']}
          min={TEMPERATURE_MIN}
          max={TEMPERATURE_MAX}
          step={TEMPERATURE_STEP}
          value={[temperature]}
          onValueChange={([t]) => set({ temperature: Math.round((t ?? 0) * 10) / 10 })}
        />
        <div className="flex justify-between text-[11px] text-muted-foreground">
          <span>Focused</span>
          <span>Creative</span>
        </div>
      </div>
    </div>
  );
}

/** How the website widget looks: its corner, bubble colour and icon, greeting, opening on load. */
export function WidgetFields({ state }: { state: AssistantDraftState }) {
  const { draft, setWidget, errorOf } = state;
  const widget = draft.widget;
  const greetingError = errorOf('widget.greeting');
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <p className="text-sm font-medium" id="widget-position-label">
          Position
        </p>
        <div role="group" aria-labelledby="widget-position-label" className="grid grid-cols-2 gap-2">
          {(
            [
              ['bottom-left', 'Bottom left'],
              ['bottom-right', 'Bottom right'],
            ] as const
          ).map(([value, label]) => (
            <Button
              key={value}
              type="button"
              variant="outline"
              aria-pressed={widget.position === value}
              onClick={() => setWidget({ position: value })}
              className={cn(widget.position === value && 'border-primary bg-primary/5 text-primary')}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>

      <div className="grid gap-2">
        <Label id="widget-colour-label">Bubble colour</Label>
        <ColorPicker
          aria-labelledby="widget-colour-label"
          value={widget.color}
          defaultLabel="The app’s button colour"
          onChange={(color) => setWidget({ color })}
        />
        <FieldError id="widget-colour-error" message={errorOf('widget.color')} />
      </div>

      <div className="grid gap-2">
        <p className="text-sm font-medium" id="widget-icon-label">
          Icon
        </p>
        <div role="group" aria-labelledby="widget-icon-label" className="flex flex-wrap gap-2">
          {widgetIcons.map((icon) => {
            const Icon = WIDGET_ICONS[icon];
            return (
              <Button
                key={icon}
                type="button"
                variant="outline"
                size="icon"
                aria-label={WIDGET_ICON_LABEL[icon]}
                title={WIDGET_ICON_LABEL[icon]}
                aria-pressed={widget.icon === icon}
                onClick={() => setWidget({ icon })}
                className={cn('size-10', widget.icon === icon && 'border-primary bg-primary/5 text-primary')}
              >
                <Icon />
              </Button>
            );
          })}
        </div>
      </div>

      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="widget-greeting">Greeting bubble</Label>
          <Counter value={widget.greeting} max={WIDGET_GREETING_MAX} />
        </div>
        <Input
          id="widget-greeting"
          value={widget.greeting}
          placeholder="Questions? We answer in seconds."
          aria-invalid={greetingError ? true : undefined}
          onChange={(e) => setWidget({ greeting: e.target.value })}
        />
        <FieldError id="widget-greeting-error" message={greetingError} />
        <p className="text-xs text-muted-foreground">
          Shown beside the closed bubble until the visitor opens the chat or dismisses it. Leave empty for
          none.
        </p>
      </div>

      <div className="rounded-lg border p-4">
        <SwitchRow
          id="widget-open-on-load"
          label="Open when the page loads"
          description="The chat opens by itself on wide screens; on phones the bubble waits for a tap."
          checked={widget.openOnLoad}
          onCheckedChange={(openOnLoad) => setWidget({ openOnLoad })}
        />
      </div>
    </div>
  );
}
