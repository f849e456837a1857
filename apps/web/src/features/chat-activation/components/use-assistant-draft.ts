import * as React from 'react';
import { assistantSettingsSchema, type AssistantSettings } from '@buildai/domain';

/** What the builder is typing: the settings as entered, before the domain's schema trims and checks them. */
export type AssistantDraft = AssistantSettings;

export interface AssistantDraftState {
  draft: AssistantDraft;
  /** the draft as the schema reads it when it reads (what the preview shows), else the last good one */
  shown: AssistantSettings;
  set: (patch: Partial<AssistantDraft>) => void;
  setWidget: (patch: Partial<AssistantDraft['widget']>) => void;
  /** the message of the first problem at this path (`starters.1`, `widget.greeting`) */
  errorOf: (path: string) => string | undefined;
  hasErrors: boolean;
}

/**
 * The assistant's settings as the dialog edits them (decision 0017): every change is checked with the domain's
 * schema, the one the server checks with. A draft that reads is handed on at once (the settings autosave queues it);
 * one that does not stays in the dialog with the schema's message beside the field, and nothing is saved.
 */
export function useAssistantDraft(
  saved: AssistantSettings,
  onChange: (settings: AssistantSettings) => void,
): AssistantDraftState {
  const [draft, setDraft] = React.useState<AssistantDraft>(saved);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [shown, setShown] = React.useState<AssistantSettings>(saved);
  const latest = React.useRef(draft);

  const apply = React.useCallback(
    (next: AssistantDraft) => {
      latest.current = next;
      setDraft(next);
      const parsed = assistantSettingsSchema.safeParse(next);
      if (parsed.success) {
        setErrors({});
        setShown(parsed.data);
        onChange(parsed.data);
        return;
      }
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        found[path] ??= issue.message;
      }
      setErrors(found);
    },
    [onChange],
  );

  return {
    draft,
    shown,
    set: (patch) => apply({ ...latest.current, ...patch }),
    setWidget: (patch) => apply({ ...latest.current, widget: { ...latest.current.widget, ...patch } }),
    errorOf: (path) => errors[path],
    hasErrors: Object.keys(errors).length > 0,
  };
}
