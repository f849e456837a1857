import { Loader2, Sparkles } from 'lucide-react';
import { builderMessages, magicCreateRequest } from '@buildai/domain';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toastError } from '@/components/ui/use-toast';
import { isAppError } from '@/lib/api-client';
import { magicCreateField } from '../../api/fields';

interface Props {
  appId: string;
  toolId: string;
  prompt: string;
  disabled?: boolean;
  /** adds the generated field; answers why it could not, or null */
  onCreated: (field: unknown) => string | null;
}

/** The domain's rule for the description: something typed (trimmed), at most 500 characters. */
const schema = magicCreateRequest.pick({ input: true });
const MAX_INPUT = 500;

/** A generated field the editor could not add: its reason is toasted and the description stays. */
class FieldNotAdded extends Error {}

/** What a failed magic create says (spec 000 §7): a taken name has its own message. */
function refusalOf(err: unknown): string {
  if (err instanceof FieldNotAdded) return err.message;
  return isAppError(err) && err.code === 'field/generated-exists'
    ? builderMessages.magicEditFailedName
    : builderMessages.magicEditFailed;
}

/** "Magic create": describe a field, the model writes it (spec 000 §7). */
export function MagicCreateField({ appId, toolId, prompt, disabled, onCreated }: Props) {
  const { form, submit, pending } = useSchemaForm({
    schema,
    defaultValues: { input: '' },
    byCode: {},
    send: async ({ input }) => {
      const { result } = await magicCreateField({ appId, toolId, input, prompt });
      const why = onCreated(result?.field);
      if (why) throw new FieldNotAdded(why);
    },
    // every failure is a toast; the description stays so it can be reworded
    onRefused: (err) => {
      toastError(refusalOf(err));
      return true;
    },
  });
  const typed = form.watch('input').trim() !== '';

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-1.5" aria-label="Magic create">
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Sparkles className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-primary" />
          <Input
            aria-label="Describe the field"
            placeholder="Describe the field"
            className="pl-9"
            maxLength={MAX_INPUT}
            disabled={disabled || pending}
            {...form.register('input')}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={disabled || pending || !typed}>
          {pending ? <Loader2 className="animate-spin" /> : null}
          {pending ? 'Creating…' : 'Create'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">For example: "the reader's age group, as a choice".</p>
    </form>
  );
}
