import {
  aiAppSchema,
  appSettingsSchema,
  appStyleSchema,
  DEFAULT_INPUT_PLACEHOLDER,
  MAX_INPUT_EXAMPLES,
  type AiApp,
  type AppSettings,
  type AppStyle,
  type AppView,
  type ToolSummary,
} from '@buildai/domain';

/** The tool's definition as the editor holds it: every field present, defaults filled in. */
export function toEditable(app: ToolSummary['app']): AiApp {
  const raw = { ...app, gptPrompt: app.gptPrompt ?? '' };
  const parsed = aiAppSchema.safeParse(raw);
  return parsed.success ? parsed.data : { ...aiAppSchema.parse({}), ...raw };
}

/**
 * What is sent for the editor's draft (spec 001 §5): a placeholder equal to the default placeholder is saved as
 * '', examples are trimmed, empty ones dropped, at most three kept.
 */
export function toSavedDefinition(draft: AiApp): AiApp {
  return {
    ...draft,
    inputPlaceholder:
      draft.inputPlaceholder.trim() === DEFAULT_INPUT_PLACEHOLDER ? '' : draft.inputPlaceholder,
    examples: draft.examples
      .map((e) => e.trim())
      .filter((e) => e.length > 0)
      .slice(0, MAX_INPUT_EXAMPLES),
  };
}

/** The tool asks its user for something: the main input is shown, or it has custom fields. */
export function toolHasInputs(draft: AiApp): boolean {
  return !draft.isInputHidden || draft.fields.length > 0;
}

export function toEditableStyle(app: AppView): AppStyle {
  const parsed = appStyleSchema.safeParse(app.appStyle ?? {});
  return parsed.success ? parsed.data : appStyleSchema.parse({});
}

export function toEditableSettings(app: AppView): AppSettings {
  const parsed = appSettingsSchema.safeParse(app.appSettings ?? {});
  return parsed.success ? parsed.data : { ...appSettingsSchema.parse({}), ...app.appSettings };
}
