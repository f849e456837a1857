import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useMutationForm, type MutationFormOptions } from './use-mutation-form';

interface Options<V extends FieldValues, R> extends Omit<MutationFormOptions<V, R>, 'resolver'> {
  /** the domain's request schema, extended with the card's own messages */
  schema: z.ZodType<V, V>;
}

/**
 * The pattern of the web's forms (docs/decisions/0005 "Web forms"): react-hook-form validates with the domain's
 * zod schema before anything is sent, `useMutation` carries the pending state, and a refusal of the server is shown
 * next to its field (or under the form). The form empties after a success.
 */
export function useSchemaForm<V extends FieldValues, R = unknown>({ schema, ...options }: Options<V, R>) {
  return useMutationForm<V, R>({ ...options, resolver: zodResolver(schema) });
}
