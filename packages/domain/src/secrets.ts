import { z } from 'zod';

/**
 * Secrets of a space app and its server functions (spec 001 §3 "Secret requirement", "Saved secret", §4 "Secrets
 * button", §5, §7, §8; issue 31; decision 0014). A secret's value goes from the builder's dialog to the server and
 * from there only into the app's own server functions: no answer of the API holds it.
 */

/** The spec's texts, verbatim. */
export const secretsTexts = {
  setTitle: 'Set secrets',
  updateTitle: 'Update secrets',
  valuesRequiredTitle: 'Secret values required',
  valuesRequired: 'Please enter values for all secrets',
  savedTitle: 'Secrets updated successfully',
  saved: 'The secrets have been set.',
  failedTitle: 'Failed to set secrets',
  failed: 'An error occurred while setting the secrets',
  notInitialized: 'Secrets provider not initialized or app ID not available',
  followUp: (names: string[]) => `I've added ${names.join(', ')} secrets`,
  buttonSet: 'Set',
  buttonUpdate: 'Update',
  /** some set: the partial count */
  buttonPartial: (set: number, total: number) => `${set}/${total}`,
  missingTitle: (key: string) => `Missing secret ${key}`,
  missingDetails: (key: string) =>
    `The app's server functions need the secret ${key}, which is not set. Set it in the chat's secrets dialog.`,
} as const;

/** The follow-up goes to the chat this long after the secrets were saved (spec 001 §9). */
export const SECRETS_FOLLOW_UP_MS = 500;
export const MAX_APP_SECRETS = 50;
export const MAX_SECRET_VALUE_CHARS = 10_000;

/** A secret's key: an environment-variable name (what every provider's docs and every model write). */
export const secretKeySchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/);

/** Whether a key is one; the server answers `secrets/key-invalid` otherwise. */
export const isSecretKey = (key: string): boolean => secretKeySchema.safeParse(key).success;

/** One secret as the API answers it: never its value, only whether it is set. */
export const appSecretSchema = z.object({
  key: z.string(),
  description: z.string(),
  instructions: z.string(),
  required: z.boolean(),
  isSet: z.boolean(),
  updatedAt: z.string(),
});
export type AppSecret = z.infer<typeof appSecretSchema>;

/** GET /api/apps/{appId}/secrets */
export const appSecretsResponse = z.object({
  secrets: z.array(appSecretSchema),
  /** the missing-secret check: each required secret that is not stored (spec 001 §5) */
  missing: z.array(z.string()),
});
export type AppSecretsResponse = z.infer<typeof appSecretsResponse>;

/** POST /api/apps/{appId}/secrets: `secrets` (list of key, value, instructions). */
export const saveSecretsRequest = z.object({
  secrets: z
    .array(
      z.object({
        key: z.string().max(100),
        value: z.string().max(MAX_SECRET_VALUE_CHARS),
        instructions: z.string().max(2000).optional(),
      }),
    )
    .min(1)
    .max(MAX_APP_SECRETS),
});
export type SaveSecretsRequest = z.infer<typeof saveSecretsRequest>;

/** A secret the chat asked for (`request_secrets`): spec 001 §3 "Secret requirement", all treated as required. */
export interface SecretRequirement {
  secretName: string;
  description: string;
}

/** The secrets button's label (spec 001 §4): all set 'Update', some set a partial count, none set 'Set'. */
export function secretsButtonLabel(total: number, set: number): string {
  if (total > 0 && set >= total) return secretsTexts.buttonUpdate;
  if (set > 0) return secretsTexts.buttonPartial(set, total);
  return secretsTexts.buttonSet;
}

/**
 * The requirements a `request_secrets` action's stored content holds (its JSON list); content that does not parse
 * gives an empty list, and then no button shows (spec 001 §8).
 */
export function parseSecretRequirements(content: string | undefined): SecretRequirement[] {
  if (!content) return [];
  try {
    const parsed = z
      .array(z.object({ secretName: z.string().min(1), description: z.string() }))
      .safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

// -------------------------------------------------------------------------------------------------------------
// Server functions
// -------------------------------------------------------------------------------------------------------------

/** Bounds of one call (issue 31). */
export const functionLimits = {
  cpuMs: 5_000,
  wallMs: 10_000,
  memoryMb: 64,
  outputBytes: 1_000_000,
  /** console lines kept per call, and characters of each */
  logLines: 100,
  logLineChars: 2_000,
  /** outbound requests per app per minute */
  fetchPerMinute: 120,
  /** the most bytes of one outbound answer read */
  fetchResponseBytes: 5_000_000,
} as const;

/** A function's name: `functions/{name}.ts`. */
export const functionNameSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/);

/** POST /api/apps/{appId}/functions/{name}: the caller's JSON input, and whose files run. */
export const invokeFunctionRequest = z.object({
  input: z.unknown().optional(),
  /** the builder's preview runs the current files; everyone else the published ones */
  preview: z.boolean().optional(),
});
export type InvokeFunctionRequest = z.infer<typeof invokeFunctionRequest>;

export const invokeFunctionResponse = z.object({ result: z.unknown() });

export const functionCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.enum(['preview', 'published']),
  callerKind: z.string(),
  ok: z.boolean(),
  errorCode: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
  cpuMs: z.number(),
  logs: z.array(z.object({ level: z.string(), text: z.string() })),
  createdAt: z.string(),
});
export type FunctionCall = z.infer<typeof functionCallSchema>;

/** GET /api/apps/{appId}/functions/logs: the newest calls first (the builder only). */
export const functionLogResponse = z.object({ calls: z.array(functionCallSchema) });
export type FunctionLogResponse = z.infer<typeof functionLogResponse>;

/** `functions/{name}.ts` → name; null for any other path. */
export function functionNameOf(path: string): string | null {
  const m = /^functions\/([A-Za-z][A-Za-z0-9_-]{0,63})\.(ts|js)$/.exec(path);
  return m ? m[1]! : null;
}
