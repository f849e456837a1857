import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CloudDownload,
  FileSpreadsheet,
  FileText,
  FileType2,
  Globe,
  Info,
  Pencil,
  Trash2,
  Type,
  UploadCloud,
  type LucideIcon,
} from 'lucide-react';
import { AppError, contextMessages } from '@buildai/domain';
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
import { Progress } from '@/components/ui/progress';
import { Textarea } from '@/components/ui/textarea';
import { toast, toastError } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import {
  contextKeys,
  discardItem,
  ingestFile,
  ingestText,
  ingestWeb,
  replaceDataItem,
  type DataItem,
} from '../api/context-items';
import {
  acceptFor,
  extensionsLabel,
  fileProblem,
  formatBytes,
  isFileOption,
  isPlanLimit,
  optionForItem,
  reachedItemLimit,
  saveErrorMessage,
  SOURCE_OPTIONS,
  uploadErrorMessage,
  type SourceOption,
} from '../lib/data-rules';
import { ImportSources, useImportAvailable } from './import-sources';
import { DataLimitBanner, LITE_ITEM_LIMIT_MESSAGE, UpgradeBanner } from './limit-banners';
import { StatusBadge } from './status-badge';
import { TypeIcon } from './type-icon';

const OPTION_ICONS: Record<SourceOption, LucideIcon> = {
  text: Type,
  csv: FileSpreadsheet,
  doc: FileText,
  pdf: FileType2,
  web: Globe,
};

/** The dialog's options: the kinds of data of SOURCE_OPTIONS, plus Notion and Google Drive when configured. */
type DialogOption = SourceOption | 'import';
const IMPORT_OPTION = {
  id: 'import',
  title: 'Notion & Drive',
  description: 'Import from Notion or Google Drive',
} as const;

export const HINT =
  'Personalise the results of your AI with your own business data, such as product lists, FAQs, policies or price lists. Do not include sensitive information like passwords, personal data or payment details.';
export const ENTER_URL = 'Please enter the address of a web page';

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
      <DialogContent className="gap-5 sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{contextMessages.title}</DialogTitle>
          <DialogDescription>
            {props.replacing
              ? `Upload a new file to replace “${props.replacing.name}”.`
              : 'Add data your AI can use when it answers.'}
          </DialogDescription>
        </DialogHeader>
        {open && <DialogForm key={formKey} {...props} />}
      </DialogContent>
    </Dialog>
  );
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
  const queryClient = useQueryClient();
  const [option, setOption] = React.useState<DialogOption>((replacing && optionForItem(replacing)) || 'text');
  const [text, setText] = React.useState('');
  const [url, setUrl] = React.useState('');
  const [file, setFile] = React.useState<File | null>(null);
  const [fieldError, setFieldError] = React.useState<string | null>(null);
  const [limitError, setLimitError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [progress, setProgress] = React.useState<number | null>(null);
  const [dragging, setDragging] = React.useState(false);
  const abortRef = React.useRef<AbortController | null>(null);

  React.useEffect(() => () => abortRef.current?.abort(), []);
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

  function choose(next: DialogOption) {
    setOption(next);
    setFieldError(null);
    setFile(null);
  }

  function pickFile(next: File | null) {
    setFile(next);
    setFieldError(null);
  }

  async function refreshList() {
    await queryClient.invalidateQueries({ queryKey: contextKeys.items(appId) });
  }

  function finish(title: string) {
    toast({ title });
    void refreshList();
    onOpenChange(false);
  }

  function failed(err: unknown, message: string) {
    if (isPlanLimit(err)) setLimitError(err.message);
    else toastError(message);
  }

  async function submit() {
    setFieldError(null);
    if (option === 'import') return; // the import part has its own Import button
    if (option === 'text') {
      if (!text.trim()) return setFieldError(contextMessages.enterText);
      setBusy(true);
      try {
        await ingestText(appId, text);
        finish('Text added');
      } catch (err) {
        failed(err, saveErrorMessage(err));
      } finally {
        setBusy(false);
      }
      return;
    }
    if (option === 'web') {
      const trimmed = url.trim();
      if (!trimmed) return setFieldError(ENTER_URL);
      const address = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
      setBusy(true);
      try {
        await ingestWeb(appId, address);
        finish('Web page added');
      } catch (err) {
        failed(
          err,
          err instanceof AppError && err.status === 400 ? err.message : contextMessages.uploadError,
        );
      } finally {
        setBusy(false);
      }
      return;
    }
    const problem = fileProblem(file, option, plan);
    if (problem || !file) return setFieldError(problem ?? contextMessages.uploadFile);
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    setProgress(0);
    let created: string;
    try {
      created = (await ingestFile(appId, file, { onProgress: setProgress, signal: controller.signal }))
        .contextItemId;
    } catch (err) {
      setBusy(false);
      setProgress(null);
      if (err instanceof DOMException && err.name === 'AbortError') return;
      failed(err, uploadErrorMessage(err, plan));
      return;
    }
    if (replacing) {
      try {
        await replaceDataItem(appId, replacing.id, created);
      } catch {
        setBusy(false);
        setProgress(null);
        toastError(contextMessages.replaceFailed);
        await discardItem(created);
        void refreshList();
        return;
      }
      finish('File replaced');
      return;
    }
    finish('File uploaded');
  }

  function cancel() {
    abortRef.current?.abort();
    onOpenChange(false);
  }

  const submitLabel = replacing ? 'Replace' : fileOption ? 'Upload' : 'Apply';
  const busyLabel = replacing ? 'Replacing…' : fileOption ? 'Uploading…' : 'Saving…';

  return (
    <form
      className="grid min-w-0 gap-5"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {hasReachedDataLimit && <DataLimitBanner plan={plan} onUpgrade={onUpgrade} />}
      {itemLimit && !limitError && <UpgradeBanner message={LITE_ITEM_LIMIT_MESSAGE} onUpgrade={onUpgrade} />}
      {limitError && <UpgradeBanner message={limitError} onUpgrade={onUpgrade} />}

      {!replacing && (
        <div
          role="group"
          aria-label="Kind of data"
          className={cn('grid grid-cols-2 gap-2', importAvailable ? 'sm:grid-cols-3' : 'sm:grid-cols-5')}
        >
          {[...SOURCE_OPTIONS, ...(importAvailable ? [IMPORT_OPTION] : [])].map(
            ({ id, title, description }) => {
              const Icon = id === 'import' ? CloudDownload : OPTION_ICONS[id];
              const selected = option === id;
              return (
                <button
                  key={id}
                  type="button"
                  aria-pressed={selected}
                  disabled={busy}
                  onClick={() => choose(id)}
                  className={cn(
                    'flex flex-col items-start gap-1 rounded-lg border p-3 text-left transition-colors hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-60',
                    selected && 'border-primary bg-accent ring-1 ring-primary',
                    id === 'text' && 'col-span-2 sm:col-span-1',
                  )}
                >
                  <Icon className={cn('size-4', selected ? 'text-primary' : 'text-muted-foreground')} />
                  <span className="text-sm font-medium">{title}</span>
                  <span className="text-xs leading-snug text-muted-foreground">{description}</span>
                </button>
              );
            },
          )}
        </div>
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
            value={text}
            rows={7}
            placeholder="Paste your text here"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'data-source-error' : undefined}
            disabled={busy}
            onChange={(e) => {
              setText(e.target.value);
              setFieldError(null);
            }}
            className="max-h-72 min-h-32"
          />
        </div>
      )}

      {option === 'web' && (
        <div className="grid gap-2">
          <Label htmlFor="data-source-url">Web page address</Label>
          <Input
            id="data-source-url"
            type="url"
            inputMode="url"
            value={url}
            placeholder="https://www.example.com"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'data-source-error' : undefined}
            disabled={busy}
            onChange={(e) => {
              setUrl(e.target.value);
              setFieldError(null);
            }}
          />
          <p className="text-xs text-muted-foreground">
            The page and the pages it links to on the same site are imported.
          </p>
        </div>
      )}

      {fileOption && (
        <div className="grid gap-2">
          <label
            htmlFor="data-source-file"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragging(false);
              pickFile(e.dataTransfer.files[0] ?? null);
            }}
            className={cn(
              'flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border border-dashed px-4 py-6 text-center transition-colors hover:bg-accent/50',
              dragging && 'border-primary bg-accent',
              fieldError && 'border-destructive/60',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            <UploadCloud className="size-6 text-muted-foreground" aria-hidden />
            {file ? (
              <span className="max-w-full truncate text-sm font-medium">
                {file.name}{' '}
                <span className="font-normal text-muted-foreground">({formatBytes(file.size)})</span>
              </span>
            ) : (
              <span className="text-sm font-medium">Choose a file or drop it here</span>
            )}
            <span className="text-xs text-muted-foreground">{extensionsLabel(fileOption)} files</span>
          </label>
          <input
            id="data-source-file"
            type="file"
            className="sr-only"
            accept={acceptFor(fileOption)}
            aria-label="Choose a file"
            disabled={busy}
            onChange={(e) => {
              pickFile(e.target.files?.[0] ?? null);
              e.target.value = '';
            }}
          />
          {progress !== null && (
            <div className="grid gap-1.5">
              <div className="flex justify-between text-xs text-muted-foreground">
                <span>{progress < 100 ? 'Uploading…' : 'Processing…'}</span>
                <span className="tabular-nums">{progress}%</span>
              </div>
              <Progress value={progress} aria-label="Upload progress" />
            </div>
          )}
        </div>
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

      {!replacing && items.length > 0 && (
        <section aria-labelledby="data-source-tiles" className="grid gap-2 border-t pt-4">
          <h3 id="data-source-tiles" className="text-sm font-medium">
            Your data
          </h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex min-w-0 items-center gap-2 rounded-lg border bg-background p-2 shadow-xs"
                data-testid="data-tile"
              >
                <TypeIcon type={item.type} className="size-8" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium" title={item.name}>
                    {item.name}
                  </p>
                  <StatusBadge status={item.status} className="mt-0.5 px-1.5 py-0 text-[11px]" />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Rename ${item.name}`}
                  onClick={() => onRename(item)}
                >
                  <Pencil />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Delete ${item.name}`}
                  className="text-muted-foreground hover:text-destructive"
                  onClick={() => onDelete(item)}
                >
                  <Trash2 />
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </form>
  );
}
