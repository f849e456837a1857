import { z } from 'zod';
import { chatAction, isPlainObject, textOf, type ActionContent, type CallInput } from './chat-action';

/** The requirements of a call as far as they can be read (a cut or malformed call may hold fewer). */
function requirementsOf(input: CallInput): { secretName: string; description: string }[] {
  if (!Array.isArray(input.secrets)) return [];
  return input.secrets.flatMap((s) => {
    if (!isPlainObject(s)) return [];
    const secretName = textOf(s.secretName);
    return secretName ? [{ secretName, description: textOf(s.description) ?? '' }] : [];
  });
}

/**
 * `request_secrets` (spec 001 §3; issue 31, decision 0014): the model names the secrets the app's server functions
 * need (`secretName`, `description`; all required). Nothing of a value passes through the chat: the builder types the
 * values in the chat's secrets dialog, which saves them straight to the server. The stored action's `content` is
 * the requirements as JSON, which the dialog reads.
 */
export const requestSecrets = chatAction({
  type: 'request_secrets',
  target: 'secret',
  description:
    "Asks the builder for secrets (API keys, tokens) the app's server functions need. The builder types the values in a dialog; you never see them. Read them in a function as ctx.secrets.NAME.",
  input: z.object({
    secrets: z
      .array(
        z.object({
          secretName: z.string().describe('an environment-variable name, e.g. STRIPE_API_KEY'),
          description: z.string().describe('what it is and where the builder finds it'),
        }),
      )
      .describe('the secrets to ask for'),
  }),
  prompt:
    'asks the builder to set API keys or tokens your functions read as ctx.secrets.NAME (never ask for them in the text, never write them in files)',
  versioned: false,
  kept: { secrets: 'json' },
  title: (input) => {
    const names = requirementsOf(input).map((r) => r.secretName);
    return names.length ? `Request secrets ${names.join(', ')}` : 'Request secrets';
  },
  fromInput: (input): ActionContent => {
    const requirements = requirementsOf(input);
    return requirements.length ? { content: JSON.stringify(requirements) } : {};
  },
});
