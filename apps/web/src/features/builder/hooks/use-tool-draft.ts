import * as React from 'react';
import { aiAppSchema, type AiApp, type ToolSummary } from '@buildai/domain';

/** The tool's definition as the editor holds it: every field present, defaults filled in. */
export function toEditable(app: ToolSummary['app']): AiApp {
  const raw = { ...app, gptPrompt: app.gptPrompt ?? '' };
  const parsed = aiAppSchema.safeParse(raw);
  return parsed.success ? parsed.data : { ...aiAppSchema.parse({}), ...raw };
}

/** Local edits of a tool with a saved baseline; `dirty` when they differ. */
export function useToolDraft(saved: AiApp) {
  const [draft, setDraft] = React.useState<AiApp>(saved);
  const [baseline, setBaseline] = React.useState<AiApp>(saved);
  const dirty = React.useMemo(() => JSON.stringify(draft) !== JSON.stringify(baseline), [draft, baseline]);
  const update = React.useCallback((patch: Partial<AiApp>) => setDraft((d) => ({ ...d, ...patch })), []);
  return { draft, update, dirty, markSaved: setBaseline };
}
