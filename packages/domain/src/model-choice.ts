/**
 * The model an app's runs ask (spec 000 §3 "aiModel"; §9 "Default model"): the builder's pick when the app's stored
 * settings name one, else the operator's default. Tool runs, the chat assistant, the space chat, magic create and
 * evaluations all ask this one rule, with the app's settings as stored (`apps.app_settings`), not after defaults
 * are filled in: a default filled in by a schema is not a choice.
 */
export function modelFor(storedSettings: unknown, operatorDefault: string): string {
  const chosen =
    typeof storedSettings === 'object' && storedSettings !== null
      ? (storedSettings as { aiModel?: unknown }).aiModel
      : undefined;
  return typeof chosen === 'string' && chosen.trim() !== '' ? chosen : operatorDefault;
}

/** Whether the app's stored settings name a model of the builder's choosing. */
export function hasChosenModel(storedSettings: unknown): boolean {
  return modelFor(storedSettings, '') !== '';
}
