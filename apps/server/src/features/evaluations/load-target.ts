import { and, eq } from 'drizzle-orm';
import {
  AppError,
  ASSISTANT_TARGET,
  CHAT_APP_TYPE,
  DEFAULT_INPUT_LABEL,
  MAIN_INPUT_NAME,
  modelFor,
  type AppSettings,
  type Evaluation,
} from '@buildai/domain';
import { tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { assistantInstructions, type LoadedAssistant } from '../assistant';
import { readSettings, requireOwnedApp, type AppRow, type ToolRow } from '../apps';

/** What an evaluation is for, read for a builder who edits the app. */
export interface EvaluationTarget {
  app: AppRow;
  settings: AppSettings;
  /** the tool's id or `assistant` */
  id: string;
  tool: ToolRow | null;
  assistant: LoadedAssistant | null;
  /** the model the app's runs ask now */
  model: string;
  accountId: string;
}

export interface LoadTargetOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  target: string;
}

/**
 * The app and the tool (or the assistant) of an evaluation, for a builder who edits the app: another builder's app
 * or a tool of another app answers 404, as everywhere.
 */
export async function loadTarget({
  platform,
  caller,
  appId,
  target,
}: LoadTargetOptions): Promise<EvaluationTarget> {
  const { app, rights } = await requireOwnedApp(platform, caller, appId);
  const settings = readSettings(app);
  const model = modelFor(app.appSettings, platform.ai.defaultModel);
  const base = { app, settings, id: target, model, accountId: rights.account.accountId };
  if (target === ASSISTANT_TARGET) {
    if (app.appType === CHAT_APP_TYPE) throw new AppError('chat/not-available');
    const assistant: LoadedAssistant = {
      app,
      settings,
      chatAppId: settings.chatSettings.chatAppId ?? '',
      isEditor: true,
    };
    return { ...base, tool: null, assistant };
  }
  const [tool] = await platform.db
    .select()
    .from(tools)
    .where(and(eq(tools.toolId, target), eq(tools.appId, app.appId)));
  if (!tool) throw new AppError('tool/not-found');
  return { ...base, tool, assistant: null };
}

/** The target as the evaluation page shows it: its name, the inputs a case fills, its prompt and model. */
export function describeTarget(target: EvaluationTarget): Evaluation['target'] {
  if (target.tool) {
    const definition = target.tool.definition;
    const fields = (definition.fields ?? []).filter((f) => f.name !== MAIN_INPUT_NAME);
    return {
      id: target.id,
      kind: 'tool',
      name: target.tool.title.trim() || definition.header.trim() || 'Untitled tool',
      // the main input box first, as the tool's page shows it
      fields: [
        ...(definition.isInputHidden
          ? []
          : [
              {
                name: MAIN_INPUT_NAME,
                label: definition.inputLabel.trim() || DEFAULT_INPUT_LABEL,
                // as on the tool's page: required unless collapsed (the run itself checks only the fields)
                required: !definition.isInputCollapsed,
              },
            ]),
        ...fields.map((f) => ({ name: f.name, label: f.label.trim() || f.name, required: f.required })),
      ],
      prompt: definition.gptPrompt ?? '',
      model: target.model,
    };
  }
  return {
    id: target.id,
    kind: 'assistant',
    name: 'Chat assistant',
    fields: [{ name: 'message', label: 'Message', required: true }],
    prompt: assistantInstructions(target.assistant!),
    model: target.model,
  };
}
