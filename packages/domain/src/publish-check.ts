import { z } from 'zod';

/**
 * The publish check of space apps (issue 30, decision 0013 "The publish check"): before publishing, every entity is
 * probed through the real data API as an anonymous visitor, a signed-up end user and another end user, and the
 * pages' code is searched for secret-looking strings. Findings make Publish ask for confirmation.
 */

/** Who the probe calls the data API as. */
export const probeCallers = ['anonymous', 'user', 'otherUser'] as const;
export type ProbeCaller = (typeof probeCallers)[number];

/** What the data API answered: the operation went through, was refused, or could not be tried (see `note`). */
export const probeOutcomeSchema = z.enum(['allowed', 'denied', 'untested']);
export type ProbeOutcome = z.infer<typeof probeOutcomeSchema>;

const operationsSchema = z.object({
  read: probeOutcomeSchema,
  create: probeOutcomeSchema,
  update: probeOutcomeSchema,
  delete: probeOutcomeSchema,
});
export type ProbeOperations = z.infer<typeof operationsSchema>;

export const entityProbeSchema = z.object({
  entity: z.string(),
  /** the fields whose names or formats look personal (email, phone, address, a person's name) */
  personalFields: z.array(z.string()),
  /**
   * `anonymous` on a record someone else made; `user` on a record they made themselves (else on the builder's);
   * `otherUser` on the first user's record (else on the builder's)
   */
  access: z.object({ anonymous: operationsSchema, user: operationsSchema, otherUser: operationsSchema }),
  /** why some operations could not be tried */
  note: z.string().optional(),
});
export type EntityProbe = z.infer<typeof entityProbeSchema>;

export const publishFindingSchema = z.object({
  kind: z.enum(['personal-data', 'secret']),
  message: z.string(),
  entity: z.string().optional(),
  file: z.string().optional(),
  line: z.number().int().optional(),
});
export type PublishFinding = z.infer<typeof publishFindingSchema>;

/** POST /api/apps/{appId}/publish-check */
export const publishCheckResponse = z.object({
  entities: z.array(entityProbeSchema),
  findings: z.array(publishFindingSchema),
  durationMs: z.number(),
});
export type PublishCheckResponse = z.infer<typeof publishCheckResponse>;

export const publishCheckTexts = {
  checking: 'Checking who can reach your data…',
  title: 'Publish with these risks?',
  description:
    'Before publishing, your app’s data was tried as a visitor would: not signed in, signed in, and as another user.',
  findings: 'What was found',
  access: 'Who can do what',
  confirm: 'Publish anyway',
  cancel: 'Cancel',
  failed: 'The publish check could not run',
  callers: {
    anonymous: 'Anyone',
    user: 'Signed-up user',
    otherUser: 'Another user',
  } satisfies Record<ProbeCaller, string>,
  outcomes: { allowed: 'Yes', denied: 'No', untested: 'Not tried' } satisfies Record<ProbeOutcome, string>,
  operations: { read: 'Read', create: 'Create', update: 'Update', delete: 'Delete' },
  anonymousReads: (entity: string, fields: string[]) =>
    `Anyone, without signing in, can read every ${entity} record, including ${fields.join(', ')}`,
  usersRead: (entity: string, fields: string[]) =>
    `Every signed-up user can read other users’ ${entity} records, including ${fields.join(', ')}`,
  secret: (kind: string, file: string, line: number) =>
    `${kind} in ${file} (line ${line}): page code is sent to every visitor’s browser; keep it in Secrets`,
} as const;
