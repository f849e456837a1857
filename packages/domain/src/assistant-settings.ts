import { z } from 'zod';
import { TEMPERATURE_MAX, TEMPERATURE_MIN } from './builder-limits';

/**
 * How a builder shapes the app's chat assistant (issue 33 "Shape the assistant"; decision 0017): its instructions,
 * welcome and starter questions, model and temperature, the tools it may call, whether it may answer beyond its data
 * sources, and the website widget's look. Kept in the app's settings (`appSettings.assistantSettings`), saved by the
 * settings autosave, read by the server on every turn and by the end user's page and widget on every load.
 */

export const ASSISTANT_INSTRUCTIONS_MAX = 4000;
export const ASSISTANT_WELCOME_MAX = 500;
export const ASSISTANT_STARTERS_MAX = 4;
export const ASSISTANT_STARTER_MAX_CHARS = 120;
export const WIDGET_GREETING_MAX = 150;
/** At most this many tools may be named (an app has at most 20; the room is for renamed and deleted ones). */
export const ASSISTANT_TOOL_IDS_MAX = 50;

export const widgetPositions = ['bottom-right', 'bottom-left'] as const;
export type WidgetPosition = (typeof widgetPositions)[number];
export const widgetIcons = ['chat', 'sparkles', 'help', 'bot'] as const;
export type WidgetIcon = (typeof widgetIcons)[number];
export const WIDGET_ICON_LABEL: Record<WidgetIcon, string> = {
  chat: 'Speech bubble',
  sparkles: 'Sparkles',
  help: 'Question mark',
  bot: 'Robot',
};

export const assistantSettingsMessages = {
  instructionsTooLong: `Instructions may hold at most ${ASSISTANT_INSTRUCTIONS_MAX} characters`,
  welcomeTooLong: `The welcome message may hold at most ${ASSISTANT_WELCOME_MAX} characters`,
  tooManyStarters: `Offer at most ${ASSISTANT_STARTERS_MAX} starter questions`,
  starterEmpty: 'Write the starter question or remove it',
  starterTooLong: `A starter question may hold at most ${ASSISTANT_STARTER_MAX_CHARS} characters`,
  starterRepeated: 'This starter question is already in the list',
  greetingTooLong: `The greeting may hold at most ${WIDGET_GREETING_MAX} characters`,
  colour: 'Colours are #rrggbb',
  temperatureStep: 'Temperature moves in steps of 0.1',
  unknownTool: 'The assistant can only call tools of this app',
} as const;

const temperature = z
  .number()
  .min(TEMPERATURE_MIN)
  .max(TEMPERATURE_MAX)
  .refine((t) => Math.abs(t * 10 - Math.round(t * 10)) < 1e-9, assistantSettingsMessages.temperatureStep);

export const widgetSettingsSchema = z.object({
  position: z.enum(widgetPositions).default('bottom-right'),
  /** the bubble's colour; empty: the app's button colour */
  color: z
    .literal('')
    .or(z.string().regex(/^#[0-9a-fA-F]{6}$/, assistantSettingsMessages.colour))
    .default(''),
  icon: z.enum(widgetIcons).default('chat'),
  /** a short line shown beside the closed bubble until the visitor opens or dismisses it; empty: none */
  greeting: z.string().trim().max(WIDGET_GREETING_MAX, assistantSettingsMessages.greetingTooLong).default(''),
  /** open the chat as soon as the site's page loads (not on narrow screens, where it would cover the page) */
  openOnLoad: z.boolean().default(false),
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;

export const assistantSettingsSchema = z.object({
  /** the builder's instructions: persona, tone, what to refuse */
  instructions: z
    .string()
    .trim()
    .max(ASSISTANT_INSTRUCTIONS_MAX, assistantSettingsMessages.instructionsTooLong)
    .default(''),
  /** the first thing the end user reads; empty: a greeting made from the app's name */
  welcomeMessage: z
    .string()
    .trim()
    .max(ASSISTANT_WELCOME_MAX, assistantSettingsMessages.welcomeTooLong)
    .default(''),
  /** questions the end user can send with one click before the conversation starts */
  starters: z
    .array(
      z
        .string()
        .trim()
        .min(1, assistantSettingsMessages.starterEmpty)
        .max(ASSISTANT_STARTER_MAX_CHARS, assistantSettingsMessages.starterTooLong),
    )
    .max(ASSISTANT_STARTERS_MAX, assistantSettingsMessages.tooManyStarters)
    .superRefine((starters, ctx) => {
      const seen = new Set<string>();
      starters.forEach((s, i) => {
        const key = s.trim().toLowerCase();
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: [i], message: assistantSettingsMessages.starterRepeated });
        seen.add(key);
      });
    })
    .default([]),
  /** the model of the assistant; empty: the app's model (the tools' rules: admins choose, lite plans cannot) */
  model: z.string().trim().max(200).default(''),
  /** null: the app's temperature */
  temperature: temperature.nullable().default(null),
  /** the active tools the assistant may call, by tool id; null: every active tool */
  toolIds: z.array(z.string().min(1).max(64)).max(ASSISTANT_TOOL_IDS_MAX).nullable().default(null),
  /** false: the assistant answers only from its data sources and says so when they do not hold the answer */
  answerBeyondData: z.boolean().default(true),
  widget: widgetSettingsSchema.default({
    position: 'bottom-right',
    color: '',
    icon: 'chat',
    greeting: '',
    openOnLoad: false,
  }),
});
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;
export const DEFAULT_ASSISTANT_SETTINGS: AssistantSettings = assistantSettingsSchema.parse({});

/** The assistant settings a lite account may not change and only admins may (the tools' model rules). */
export const ADMIN_ONLY_ASSISTANT_SETTINGS = [
  'model',
  'temperature',
] as const satisfies readonly (keyof AssistantSettings)[];

/** Stored settings as a turn or a page reads them: what no longer reads (a rule made stricter) falls back. */
export function readAssistantSettings(stored: unknown): AssistantSettings {
  const parsed = assistantSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_ASSISTANT_SETTINGS;
}

// ---- citations --------------------------------------------------------------------------------------------------

/** At most this many characters of a passage travel with an answer (the hover shows it). */
export const CITATION_PASSAGE_MAX_CHARS = 600;
/** At most this many passages of one item are kept with an answer. */
export const CITATION_PASSAGES_PER_ITEM = 3;

/** A data item an answer drew on, with the passages of it the model read (best first). */
export const citationSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  passages: z.array(z.string()),
});
export type Citation = z.infer<typeof citationSchema>;

// ---- test retrieval ---------------------------------------------------------------------------------------------

export const TEST_RETRIEVAL_QUERY_MAX = 500;
export const TEST_RETRIEVAL_LIMIT = 5;

/** `POST /api/context/test-retrieval`: what each retrieval method returns for a query, before any end user asks. */
export const testRetrievalRequest = z.object({
  appId: z.string().min(1, 'appId is required').max(64),
  query: z
    .string()
    .trim()
    .min(1, 'Write a question to test')
    .max(TEST_RETRIEVAL_QUERY_MAX, `A test question may hold at most ${TEST_RETRIEVAL_QUERY_MAX} characters`),
});
export type TestRetrievalRequest = z.input<typeof testRetrievalRequest>;

export interface RetrievalPassage {
  itemId: string;
  itemName: string;
  chunkId: string;
  content: string;
  score: number;
}
export interface RetrievalMethodResult {
  method: 'fulltext' | 'vector' | 'hybrid';
  /** false when this server cannot search this way (no embedding model, no pgvector): `reason` says why */
  available: boolean;
  reason: string | null;
  passages: RetrievalPassage[];
}
export interface TestRetrievalResponse {
  query: string;
  /** the method the app's runs use */
  appMethod: 'fulltext' | 'vector' | 'hybrid';
  results: RetrievalMethodResult[];
}
