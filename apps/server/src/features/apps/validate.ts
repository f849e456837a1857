import type { z } from 'zod';
import { AppError } from '@buildai/domain';

/** Validates a value already read from the body; a failure answers 400 naming the first failing field. */
export function validateWith<S extends z.ZodType>(schema: S, value: unknown, at = ''): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = [at, ...issue.path.map(String)].filter(Boolean).join('.');
  throw new AppError('request/invalid', {
    message: field ? `${field}: ${issue.message}` : issue.message,
    field: field || undefined,
  });
}
