import type { SecretActionType } from '@buildai/domain';
import type { Db } from '../../db/client';
import { requireSecrets } from '../functions';
import type { AppliedActions, ToolExecutes } from './chat-tools';
import { cleanStored } from './stored-text';

/** What `request_secrets` answers the model: the keys asked for and those still missing, or why nothing changed. */
export type SecretActionResult = Awaited<ReturnType<typeof requireSecrets>>;

export interface SecretToolsOptions {
  db: Db;
  appId: string;
  applied: AppliedActions;
}

/**
 * The execute of `request_secrets` (declared in the domain's registry): records each named secret as required, so
 * the chat shows the secrets dialog and the missing-secret check reports it until the builder sets it. No value
 * ever passes through here (decision 0014).
 */
export function secretTools(options: SecretToolsOptions): Pick<ToolExecutes, SecretActionType> {
  const { db, appId, applied } = options;
  return {
    request_secrets: async (input, toolCallId) => {
      const requirements = input.secrets.map((s) => ({
        secretName: s.secretName,
        description: cleanStored(s.description),
      }));
      const result = await requireSecrets(db, appId, requirements);
      applied.set(toolCallId, { type: 'request_secrets', result });
      return result.ok
        ? {
            ...result,
            note: 'The builder is asked for these values in a dialog; read them in a function as ctx.secrets.NAME.',
          }
        : result;
    },
  };
}
