import * as React from 'react';
import { ListPlus, Plus } from 'lucide-react';
import { builderMessages, customFieldSchema, MAX_CUSTOM_FIELDS, type CustomField } from '@buildai/domain';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { CustomFieldsPanelProps } from '@/lib/builder-types';
import { FieldDialog } from './field-dialog';
import { FieldListItem } from './field-list-item';
import { addFieldProblem, fieldProblem, fieldTypeProblem, normalizeField } from './field-rules';
import { InputStepsEditor } from './input-steps-editor';
import {
  addField,
  addStep,
  deleteStep,
  disableMultiStep,
  enableMultiStep,
  moveFieldToStep,
  removeField,
  renameStep,
  replaceField,
  type FieldsState,
} from './input-steps';
import { MagicCreateField } from './magic-create-field';
import { SortableList } from './sortable-list';

type Editing = { mode: 'add' } | { mode: 'edit'; index: number } | null;

/** Custom fields panel (spec 000 §2): multi-step toggle, steps, fields. Every change goes through `onChange`. */
export function CustomFieldsPanel({ app, tool, draft, onChange, account }: CustomFieldsPanelProps) {
  const [editing, setEditing] = React.useState<Editing>(null);
  const [deleting, setDeleting] = React.useState<number | null>(null);
  const state: FieldsState = {
    fields: draft.fields,
    isMultiStepInput: draft.isMultiStepInput,
    inputSteps: draft.inputSteps,
  };
  const emit = (next: FieldsState) =>
    onChange({ fields: next.fields, isMultiStepInput: next.isMultiStepInput, inputSteps: next.inputSteps });
  const limit = addFieldProblem(draft.fields);
  const steps = draft.isMultiStepInput ? draft.inputSteps : null;
  const edited = editing?.mode === 'edit' ? draft.fields[editing.index] : undefined;
  const toDelete = deleting === null ? undefined : draft.fields[deleting];

  function submitField(field: CustomField) {
    if (editing?.mode === 'edit') emit(replaceField(state, editing.index, field));
    else emit(addField(state, field));
    setEditing(null);
  }

  /** Adds what magic create wrote; answers the spec's message when it cannot. */
  function addGenerated(raw: unknown): string | null {
    if (addFieldProblem(draft.fields)) return builderMessages.magicCreateFailed;
    const parsed = customFieldSchema.safeParse(raw);
    if (!parsed.success) return builderMessages.magicCreateFailed;
    const field = normalizeField({ ...parsed.data, stepId: undefined });
    const why = fieldProblem(field, draft.fields);
    if (why === builderMessages.fieldExists || why === builderMessages.reservedField) {
      return builderMessages.magicEditFailedName;
    }
    if (why || fieldTypeProblem(field.type, account)) return builderMessages.magicCreateFailed;
    emit(addField(state, field));
    toast({ title: `Field "${field.label}" added` });
    return null;
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        The questions your users answer before running the tool. Use each name in the prompt.
      </p>

      <InputStepsEditor
        enabled={draft.isMultiStepInput}
        hasFields={draft.fields.length > 0}
        steps={draft.inputSteps}
        onToggle={(on) => emit(on ? enableMultiStep(state) : disableMultiStep(state))}
        onAdd={() => emit(addStep(state))}
        onRename={(id, title) => emit(renameStep(state, id, title))}
        onDelete={(id) => emit(deleteStep(state, id))}
      />

      <section className="grid gap-3" aria-labelledby="custom-fields-heading">
        <div className="flex items-center justify-between gap-2">
          <h3 id="custom-fields-heading" className="text-sm font-medium">
            Fields
          </h3>
          <span className="text-xs text-muted-foreground tabular-nums">
            {draft.fields.length} / {MAX_CUSTOM_FIELDS}
          </span>
        </div>
        {draft.fields.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed px-4 py-8 text-center">
            <ListPlus className="size-6 text-muted-foreground" />
            <p className="mt-2 text-sm font-medium">No fields yet</p>
            <p className="mt-1 max-w-xs text-xs text-muted-foreground">
              Add a field such as "Topic" or "Tone", or describe one below and let AI write it.
            </p>
          </div>
        ) : (
          <SortableList
            aria-label="Custom fields"
            items={draft.fields}
            getId={(f) => f.name}
            onReorder={(fields) => emit({ ...state, fields })}
            renderItem={(field, { handle }) => {
              const index = draft.fields.indexOf(field);
              return (
                <FieldListItem
                  field={field}
                  handle={handle({ label: `Move ${field.label || field.name}` })}
                  steps={steps}
                  onStepChange={(stepId) => emit(moveFieldToStep(state, field.name, stepId))}
                  onEdit={() => setEditing({ mode: 'edit', index })}
                  onDelete={() => setDeleting(index)}
                />
              );
            }}
          />
        )}

        {limit && (
          <p role="status" className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">
            {limit}
          </p>
        )}
        <Button variant="outline" disabled={Boolean(limit)} onClick={() => setEditing({ mode: 'add' })}>
          <Plus />
          Add field
        </Button>
        <MagicCreateField
          appId={app.appId}
          toolId={tool.toolId}
          prompt={draft.gptPrompt}
          disabled={Boolean(limit)}
          onCreated={addGenerated}
        />
      </section>

      <FieldDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        field={edited}
        others={draft.fields.filter((f) => f !== edited)}
        account={account}
        steps={steps}
        onSubmit={submitField}
      />

      <AlertDialog open={toDelete !== undefined} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this field?</AlertDialogTitle>
            <AlertDialogDescription>
              "{toDelete?.label || toDelete?.name}" is removed from the tool, and{' '}
              <code className="font-mono text-xs">{`{{${toDelete?.name ?? ''}}}`}</code> in the prompt is left
              empty.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button
              variant="destructive"
              onClick={() => {
                if (deleting !== null) emit(removeField(state, deleting));
                setDeleting(null);
              }}
            >
              Delete field
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
