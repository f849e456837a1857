import { describe, expect, it } from 'vitest';
import {
  assistantSettingsMessages,
  assistantSettingsSchema,
  DEFAULT_ASSISTANT_SETTINGS,
  readAssistantSettings,
} from './assistant-settings';
import { appSettingsSchema } from './builder';

const issues = (value: unknown) => {
  const parsed = assistantSettingsSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('assistant settings', () => {
  it('defaults to the assistant as it was: every active tool, answers beyond its data, the bubble bottom right', () => {
    expect(DEFAULT_ASSISTANT_SETTINGS).toEqual({
      instructions: '',
      welcomeMessage: '',
      starters: [],
      model: '',
      temperature: null,
      toolIds: null,
      answerBeyondData: true,
      widget: { position: 'bottom-right', color: '', icon: 'chat', greeting: '', openOnLoad: false },
    });
    expect(appSettingsSchema.parse({}).assistantSettings).toEqual(DEFAULT_ASSISTANT_SETTINGS);
  });

  it('trims what is typed and refuses starters that are empty, repeated or too many', () => {
    expect(assistantSettingsSchema.parse({ starters: ['  Hours? '], welcomeMessage: ' Hi ' })).toMatchObject({
      starters: ['Hours?'],
      welcomeMessage: 'Hi',
    });
    expect(issues({ starters: [' '] })).toEqual([['starters.0', assistantSettingsMessages.starterEmpty]]);
    expect(issues({ starters: ['Hours?', 'HOURS? '] })).toEqual([
      ['starters.1', assistantSettingsMessages.starterRepeated],
    ]);
    expect(issues({ starters: ['a', 'b', 'c', 'd', 'e'] })).toEqual([
      ['starters', assistantSettingsMessages.tooManyStarters],
    ]);
  });

  it('keeps the temperature in the tools’ range and steps, and colours as #rrggbb', () => {
    expect(issues({ temperature: 0.35 })).toEqual([
      ['temperature', assistantSettingsMessages.temperatureStep],
    ]);
    expect(issues({ temperature: 2.1 })).toHaveLength(1);
    expect(issues({ widget: { color: 'red' } })).toEqual([
      ['widget.color', assistantSettingsMessages.colour],
    ]);
    expect(issues({ widget: { greeting: 'x'.repeat(151) } })).toEqual([
      ['widget.greeting', assistantSettingsMessages.greetingTooLong],
    ]);
  });

  it('reads a stored value that no longer reads as the defaults', () => {
    expect(readAssistantSettings({ starters: 'not a list' })).toEqual(DEFAULT_ASSISTANT_SETTINGS);
    expect(readAssistantSettings(undefined)).toEqual(DEFAULT_ASSISTANT_SETTINGS);
  });
});
