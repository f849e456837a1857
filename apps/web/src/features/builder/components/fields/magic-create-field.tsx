import * as React from 'react';
import { Loader2, Sparkles } from 'lucide-react';
import { builderMessages } from '@buildai/domain';
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

/** "Magic create": describe a field, the model writes it (spec 000 §7). */
export function MagicCreateField({ appId, toolId, prompt, disabled, onCreated }: Props) {
  const [input, setInput] = React.useState('');
  const [pending, setPending] = React.useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const text = input.trim();
    if (!text || pending) return;
    setPending(true);
    try {
      const { result } = await magicCreateField({ appId, toolId, input: text, prompt });
      const why = onCreated(result?.field);
      if (why) toastError(why);
      else setInput('');
    } catch (err) {
      toastError(
        isAppError(err) && err.code === 'field/generated-exists'
          ? builderMessages.magicEditFailedName
          : builderMessages.magicEditFailed,
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-1.5" aria-label="Magic create">
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Sparkles className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-primary" />
          <Input
            aria-label="Describe the field"
            placeholder="Describe the field"
            className="pl-9"
            maxLength={500}
            value={input}
            disabled={disabled || pending}
            onChange={(e) => setInput(e.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={disabled || pending || !input.trim()}>
          {pending ? <Loader2 className="animate-spin" /> : null}
          {pending ? 'Creating…' : 'Create'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">For example: "the reader's age group, as a choice".</p>
    </form>
  );
}
