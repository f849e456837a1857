import * as React from 'react';
import { Info } from 'lucide-react';
import { contextMessages } from '@buildai/domain';
import { z } from 'zod';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { DataItem } from '../api/context-items';
import { addressConnectors, isAddressOption } from '../connectors';
import { isFileOption, optionForItem, reachedItemLimit } from '../lib/data-rules';
import { DataTiles } from './add-data/data-tiles';
import { FileDropField } from './add-data/file-drop-field';
import { SourceOptionPicker, type DialogOption } from './add-data/source-option-picker';
import { inputProblem, useAddData, type AddDataInput } from './add-data/use-add-data';
import { ImportSources, useImportAvailable } from './import-sources';
import { DataLimitBanner, LITE_ITEM_LIMIT_MESSAGE, UpgradeBanner } from './limit-banners';
import { TestRetrieval } from './test-retrieval';

export const HINT =
  'Personalise the results of your AI with your own business data, such as product lists, FAQs, policies or price lists. Do not include sensitive information like passwords, personal data or payment details.';

export interface DataSourcesDialogProps {
  appId: string;
  plan: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUpgrade: () => void;
  /** the app's items, shown as tiles */
  items: DataItem[];
  hasReachedDataLimit: boolean;
  /** an item whose file is being replaced: the dialog uploads a file of its type and puts it in its place */
  replacing?: DataItem | null;
  onRename: (item: DataItem) => void;
  onDelete: (item: DataItem) => void;
  /** the app is not saved yet (spec 000 §2): the dialog asks to save it first */
  onSaveApp?: () => void;
}

/** The Data Sources dialog (spec 000 §2): add pasted text, a CSV list, a document, a PDF or a web page. */
export function DataSourcesDialog(props: DataSourcesDialogProps) {
  const { open, onOpenChange } = props;
  // a fresh form each time the dialog opens (or opens on another item to replace)
  const formKey = `${open ? 'open' : 'closed'}-${props.replacing?.id ?? 'add'}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] gap-5 overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{contextMessages.title}</DialogTitle>
          <DialogDescription>
            {props.replacing
              ? `Upload a new file to replace “${props.replacing.name}”.`
              : 'Add data your AI can use when it answers.'}
          </DialogDescription>
        </DialogHeader>
        {open && <DialogForm key={formKey} {...props} />}
        {/* beside the form, not in it: its question is its own */}
        {open && !props.replacing && props.appId && props.items.some((i) => i.status === 'synced') && (
          <TestRetrieval appId={props.appId} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's own check (`inputProblem`: the text, the address, or the file's type and the plan's size) as a schema. */
function addDataSchema(plan: string) {
  return z.custom<AddDataInput>().superRefine((input, ctx) => {
    const problem = inputProblem(input, plan);
    if (!problem) return;
    const field = input.option === 'text' ? 'text' : isAddressOption(input.option) ? 'url' : 'file';
    ctx.addIssue({ code: 'custom', path: [field], message: problem });
  });
}

function DialogForm({
  appId,
  plan,
  onOpenChange,
  onUpgrade,
  items,
  hasReachedDataLimit,
  replacing = null,
  onRename,
  onDelete,
  onSaveApp,
}: DataSourcesDialogProps) {
  const { send, cancel, progress, limitError, setLimitError } = useAddData({
    appId,
    plan,
    replacing,
    onOpenChange,
  });
  const schema = React.useMemo(() => addDataSchema(plan), [plan]);
  const {
    form,
    submit,
    pending: busy,
    errorOf,
  } = useSchemaForm<AddDataInput>({
    schema,
    defaultValues: {
      option: (replacing && optionForItem(replacing)) || 'text',
      text: '',
      url: '',
      file: null,
    },
    byCode: {},
    send,
    // `useAddData` has said why (a toast or the upgrade banner); what was typed stays
    onRefused: () => true,
  });
  const { option, file } = form.watch();
  const fieldError = errorOf('text') ?? errorOf('url') ?? errorOf('file') ?? null;
  const importAvailable = useImportAvailable(appId);

  if (!appId)
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center">
        <p className="text-sm">{contextMessages.saveFirst}</p>
        {onSaveApp && <Button onClick={onSaveApp}>{contextMessages.saveYourAi}</Button>}
      </div>
    );

  const itemLimit = !replacing && reachedItemLimit(plan, items.length);
  const fileOption = option !== 'import' && isFileOption(option) ? option : null;
  const address = isAddressOption(option) ? addressConnectors[option] : null;

  function choose(next: DialogOption) {
    form.setValue('option', next);
    form.setValue('file', null);
    form.clearErrors();
  }

  function pickFile(next: File | null) {
    form.setValue('file', next, { shouldValidate: form.formState.isSubmitted });
  }

  const submitLabel = replacing ? 'Replace' : fileOption ? 'Upload' : 'Apply';
  const busyLabel = replacing ? 'Replacing…' : fileOption ? 'Uploading…' : 'Saving…';

  return (
    <form className="grid min-w-0 gap-5" noValidate onSubmit={(e) => void submit(e)}>
      {hasReachedDataLimit && <DataLimitBanner plan={plan} onUpgrade={onUpgrade} />}
      {itemLimit && !limitError && <UpgradeBanner message={LITE_ITEM_LIMIT_MESSAGE} onUpgrade={onUpgrade} />}
      {limitError && <UpgradeBanner message={limitError} onUpgrade={onUpgrade} />}

      {!replacing && (
        <SourceOptionPicker option={option} importAvailable={importAvailable} busy={busy} choose={choose} />
      )}

      <Alert variant="info" role="note">
        <Info />
        <AlertDescription>
          <p>{HINT}</p>
        </AlertDescription>
      </Alert>

      {option === 'text' && (
        <div className="grid gap-2">
          <Label htmlFor="data-source-text">Text</Label>
          <Textarea
            id="data-source-text"
            rows={7}
            placeholder="Paste your text here"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'data-source-error' : undefined}
            disabled={busy}
            className="max-h-72 min-h-32"
            {...form.register('text')}
          />
        </div>
      )}

      {address && (
        <div className="grid gap-2">
          <Label htmlFor="data-source-url">{address.field.label}</Label>
          <Input
            id="data-source-url"
            type="url"
            inputMode="url"
            placeholder={address.field.placeholder}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'data-source-error' : undefined}
            disabled={busy}
            {...form.register('url')}
          />
          <p className="text-xs text-muted-foreground">{address.field.hint}</p>
        </div>
      )}

      {fileOption && (
        <FileDropField
          fileOption={fileOption}
          file={file}
          pickFile={pickFile}
          fieldError={fieldError}
          busy={busy}
          progress={progress}
        />
      )}

      {option === 'import' && (
        <ImportSources
          appId={appId}
          disabled={itemLimit}
          onImported={() => onOpenChange(false)}
          onPlanLimit={(err) => setLimitError(err.message)}
        />
      )}

      {fieldError && (
        <p id="data-source-error" role="alert" className="-mt-3 text-sm text-destructive">
          {fieldError}
        </p>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={cancel}>
          Cancel
        </Button>
        {option !== 'import' && (
          <Button type="submit" disabled={busy || itemLimit}>
            {busy ? busyLabel : submitLabel}
          </Button>
        )}
      </DialogFooter>

      {!replacing && items.length > 0 && <DataTiles items={items} onRename={onRename} onDelete={onDelete} />}
    </form>
  );
}
