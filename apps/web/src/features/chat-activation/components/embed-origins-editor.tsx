import { Plus, ShieldCheck, X } from 'lucide-react';
import { z } from 'zod';
import { embedOriginSchema, MAX_EMBED_ORIGINS } from '@buildai/domain';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

export const ORIGIN_LISTED = 'This site is already listed';
export const ORIGINS_FULL = `At most ${MAX_EMBED_ORIGINS} sites can be listed`;

interface Props {
  origins: readonly string[];
  onChange: (origins: string[]) => void;
  disabled?: boolean;
}

/**
 * The sites that may embed the assistant's widget (`chatEmbedOrigins`, saved with the app's settings): a bare origin
 * each, made so from what the builder pastes (`https://Example.com/page` → `https://example.com`). None listed: any
 * site may embed it (the server answers the widget's frame with `frame-ancestors` from this list).
 */
export function EmbedOriginsEditor({ origins, onChange, disabled }: Props) {
  const schema = z.object({
    origin: embedOriginSchema.refine((o) => !origins.includes(o), ORIGIN_LISTED),
  });
  const { form, submit, errorOf } = useSchemaForm<{ origin: string }>({
    schema,
    defaultValues: { origin: '' },
    byCode: {},
    send: async ({ origin }) => onChange([...origins, origin]),
  });
  const full = origins.length >= MAX_EMBED_ORIGINS;
  const problem = errorOf('origin');
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">Allowed sites</p>
      {origins.length === 0 ? (
        <p className="flex items-start gap-2 text-xs text-muted-foreground">
          <ShieldCheck className="mt-px size-3.5 shrink-0" aria-hidden />
          Any site may show the widget. List your sites to allow only them.
        </p>
      ) : (
        <ul aria-label="Allowed sites" className="flex flex-wrap gap-1.5">
          {origins.map((o) => (
            <li
              key={o}
              className="flex max-w-full items-center gap-1 rounded-md border bg-muted/50 py-0.5 pr-0.5 pl-2 font-mono text-xs"
            >
              <span className="truncate">{o}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-6"
                aria-label={`Remove ${o}`}
                disabled={disabled}
                onClick={() => onChange(origins.filter((x) => x !== o))}
              >
                <X className="size-3" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="flex gap-2" onSubmit={(e) => void submit(e)} noValidate>
        <Input
          id="chat-embed-origin"
          aria-label="Site to allow"
          placeholder="https://example.com"
          autoComplete="off"
          spellCheck={false}
          disabled={disabled || full}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'chat-embed-origin-error' : undefined}
          className="font-mono text-xs"
          {...form.register('origin')}
        />
        <Button type="submit" variant="outline" disabled={disabled || full}>
          <Plus />
          Add
        </Button>
      </form>
      {problem ? (
        <p id="chat-embed-origin-error" role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      ) : full ? (
        <p className="text-xs text-muted-foreground">{ORIGINS_FULL}</p>
      ) : null}
    </div>
  );
}
