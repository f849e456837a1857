/**
 * The builder's limits, defaults and messages: plain values without schemas, so a page that shows one of them (the
 * public tool page, the sign-in page) does not load zod with the schemas of builder.ts (docs/decisions/0005
 * "Page weight"). builder.ts builds its schemas from these.
 */

// ---- limits -------------------------------------------------------------------------------------------------

export const MAX_CUSTOM_FIELDS = 10;
export const MAX_TOOLS_PER_APP = 20;
export const TOOL_TITLE_MAX_LENGTH = 60;
export const TOOL_PATH_MAX_LENGTH = 60;
export const FIELD_NAME_MAX_LENGTH = 40;
export const FIELD_LABEL_MAX_LENGTH = 100;
export const OPTION_LABEL_MAX_LENGTH = 60;
export const CATEGORY_NAME_MAX_LENGTH = 40;
export const MAX_FIELD_OPTIONS = 50;
export const MAX_INPUT_STEPS = 10;

/** Active tools a builder may have across all apps, by plan (spec 001 §4: "capped by plan"). */
export const LIVE_TOOL_LIMITS: Record<string, number> = {
  lite: 1,
  explorer: 5,
  monetizer: 20,
  discover: 50,
  moon: 100,
};
export function liveToolLimit(plan: string): number {
  return LIVE_TOOL_LIMITS[plan] ?? LIVE_TOOL_LIMITS.lite!;
}

/** What the input box shows when the builder leaves it empty; a placeholder equal to it is saved as ''. */
export const DEFAULT_INPUT_PLACEHOLDER = 'Type here...';
export const DEFAULT_INPUT_LABEL = 'Your input';

export const TEMPERATURE_MIN = 0;
export const TEMPERATURE_MAX = 2;
export const TEMPERATURE_STEP = 0.1;
export const USER_LIMIT_MIN = 1;
export const USER_LIMIT_MAX = 100;
export const CREDITS_PER_RUN_MIN = 0;
export const CREDITS_PER_RUN_MAX = 20;
export const DEFAULT_CREDITS_PER_RUN = 1;

/** '1 credit' or 'N credits per run' (spec 000 §9). */
export function creditsLabel(n: number): string {
  return n === 1 ? '1 credit' : `${n} credits per run`;
}

/** Validation texts shown by the editor and answered by the server (spec 000 §5, spec 001 §5). */
export const builderMessages = {
  fieldExists: 'Field already exists',
  generatedFieldExists: 'Field already exists, try another name',
  reservedField: 'Input is a reserved field name, try another name',
  maxFields: (n: number) =>
    `There can be a maximum of ${n} custom fields, contact us if you need more fields`,
  pathInvalid: 'Path should contain only letters, numbers, and dashes. It cannot be empty.',
  pathTaken: 'Another tool of this app already uses this path',
  headerRequired: 'Your tool should have a header before it is activated',
  maxTools: (n: number) =>
    `You have reached the maximum number of tools allowed per app (${n}), please delete some tools before adding more.`,
  liveToolLimit: (n: number) =>
    `Your plan allows ${n} live ${n === 1 ? 'tool' : 'tools'}. Upgrade your plan to activate more tools.`,
  categoryEmpty: 'Category name cannot be empty',
  categoryExists: 'Category already exists',
  optionEmpty: 'Option is empty',
  optionExists: 'Option already exists',
  settingsLocked: 'Upgrade your plan to edit tool settings',
  adminOnly: 'Only admins can change this setting',
  photoPaidOnly: 'Photo fields are available on paid plans',
  adminFieldType: 'This field type is available to admins only',
  multiStepNeedsField: 'Add a field before turning on multi-step input',
  signupNeedsLinks: 'User signup needs a terms of service link, a privacy policy link and a support email',
  signupNeedsPublish: 'Publish your app or set a custom domain before enabling user signup',
  unsavedChanges: 'You have unsaved changes! Are you sure you want to leave?',
  magicEditFailed: 'Magic edit failed',
  magicEditFailedName: 'Magic edit failed, try again using a different field name',
  magicCreateFailed: 'Failed creating the field',
  publishForAnalytics: 'Publish to access analytics',
  appAnalytics: 'App analytics',
  dailyLimitReached: (n: number) =>
    `You have reached the daily limit of ${n} ${n === 1 ? 'run' : 'runs'}, come back tomorrow`,
  weeklyLimitReached: (n: number) =>
    `You have reached the weekly limit of ${n} ${n === 1 ? 'run' : 'runs'}, come back next week`,
  imageUploaded: 'Image uploaded successfully!',
  imageUploadFailed: 'Failed to upload image. Please try again.',
  imageTooLarge: 'File size to large',
} as const;

// ---- uploaded images (spec 001 §5, §7) ------------------------------------------------------------------------

/** An uploaded image must be smaller than this ('File size to large' otherwise). */
export const MAX_IMAGE_BYTES = 10_000_000;
