import { ListPlus } from 'lucide-react';
import type { AiApp, CustomField } from '@buildai/domain';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AddFieldDialog } from './add-field-dialog';
import { FieldRow } from './field-row';

interface Props {
  draft: AiApp;
  update: (patch: Partial<AiApp>) => void;
}

export function FieldsCard({ draft, update }: Props) {
  const setFields = (fields: CustomField[]) => update({ fields });
  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle>Custom fields</CardTitle>
        <CardDescription>
          The inputs visitors fill in. Each one has a name you use in the prompt.
        </CardDescription>
        <CardAction>
          <AddFieldDialog fields={draft.fields} onAdd={(f) => setFields([...draft.fields, f])} />
        </CardAction>
      </CardHeader>
      <CardContent>
        {draft.fields.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed px-4 py-8 text-center">
            <ListPlus className="size-6 text-muted-foreground" />
            <p className="mt-2 text-sm font-medium">No fields yet</p>
            <p className="mt-1 max-w-xs text-xs text-muted-foreground">
              Add a field such as "Topic" or "Tone", then use its name in the prompt.
            </p>
          </div>
        ) : (
          <ul className="grid gap-2">
            {draft.fields.map((field, i) => (
              <FieldRow
                key={field.name}
                field={field}
                onChange={(patch) =>
                  setFields(draft.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)))
                }
                onRemove={() => setFields(draft.fields.filter((_, j) => j !== i))}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
