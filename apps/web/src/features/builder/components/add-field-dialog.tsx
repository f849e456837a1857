import * as React from 'react';
import { Plus } from 'lucide-react';
import { customFieldSchema, errorCatalogue, FIELD_NAME_PATTERN, type CustomField } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { toFieldName } from '@/lib/format';

/** Why a new field cannot be added, or null (spec 000 §5, spec 001 §3: labels unique case-insensitively). */
export function fieldProblem(field: { label: string; name: string }, existing: CustomField[]): string | null {
  if (field.name.toLowerCase() === 'input') return errorCatalogue['field/reserved-name'].message;
  if (!FIELD_NAME_PATTERN.test(field.name)) return 'Field names use letters, numbers and underscores';
  const label = field.label.trim().toLowerCase();
  if (existing.some((f) => f.label.trim().toLowerCase() === label || f.name === field.name))
    return errorCatalogue['field/already-exists'].message;
  return null;
}

export function AddFieldDialog({
  fields,
  onAdd,
}: {
  fields: CustomField[];
  onAdd: (f: CustomField) => void;
}) {
  const [open, setOpen] = React.useState(false);
  const [label, setLabel] = React.useState('');
  const [name, setName] = React.useState('');
  const [nameTouched, setNameTouched] = React.useState(false);
  const [type, setType] = React.useState<'text' | 'long_text'>('text');
  const [placeholder, setPlaceholder] = React.useState('');
  const [required, setRequired] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);

  const effectiveName = nameTouched ? name : toFieldName(label);

  function reset() {
    setLabel('');
    setName('');
    setNameTouched(false);
    setType('text');
    setPlaceholder('');
    setRequired(false);
    setProblem(null);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const candidate = { label: label.trim(), name: effectiveName };
    const why = fieldProblem(candidate, fields);
    if (why) return setProblem(why);
    onAdd(
      customFieldSchema.parse({ ...candidate, type, required, placeholder: placeholder.trim() || undefined }),
    );
    setOpen(false);
    reset();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Plus />
          Add field
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Add field</DialogTitle>
            <DialogDescription>A question your visitors answer before they run the tool.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="field-label">Label</Label>
            <Input
              id="field-label"
              autoFocus
              placeholder="e.g. Company name"
              value={label}
              onChange={(e) => {
                setLabel(e.target.value);
                setProblem(null);
              }}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="field-name">Name in the prompt</Label>
            <div className="flex items-center rounded-md border border-input bg-muted/40 pl-3 font-mono text-sm shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/40">
              <span className="text-muted-foreground">{'{{'}</span>
              <input
                id="field-name"
                className="h-9 min-w-0 flex-1 bg-transparent px-0.5 outline-none"
                placeholder="companyName"
                value={effectiveName}
                aria-invalid={problem ? true : undefined}
                onChange={(e) => {
                  setNameTouched(true);
                  setName(e.target.value);
                  setProblem(null);
                }}
              />
              <span className="pr-3 text-muted-foreground">{'}}'}</span>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="field-type">Type</Label>
              <NativeSelect
                id="field-type"
                value={type}
                onChange={(e) => setType(e.target.value as 'text' | 'long_text')}
              >
                <option value="text">Text</option>
                <option value="long_text">Long text</option>
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="field-placeholder">Placeholder</Label>
              <Input
                id="field-placeholder"
                placeholder="Optional"
                value={placeholder}
                onChange={(e) => setPlaceholder(e.target.value)}
              />
            </div>
          </div>
          <label htmlFor="field-required" className="flex items-center gap-3 text-sm">
            <Switch id="field-required" checked={required} onCheckedChange={setRequired} />
            Required
          </label>
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!label.trim() || !effectiveName}>
              Add field
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
