import * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { charactersMax, editText, maxLengthOf, parseCellText } from '../lib/cells';
import type { TableColumn } from './table-types';

interface Props {
  column: TableColumn;
  value: unknown;
  onSave: (value: unknown) => void;
  onClose: () => void;
}

/**
 * The modal editor of long text (over 50 characters or with a line break) and of JSON (spec 001 §4, §5): JSON is
 * checked before it is saved ('Invalid JSON: …'), and an empty JSON cell saves null. Ctrl/Cmd+Enter saves.
 */
export function LongTextDialog({ column, value, onSave, onClose }: Props) {
  const [text, setText] = React.useState(() => editText(value, column.dataType));
  const [problem, setProblem] = React.useState<string | null>(null);
  const json = column.dataType === 'json';
  const max = json ? undefined : maxLengthOf(column.property);

  const save = () => {
    const parsed = parseCellText(text, column.dataType);
    if (!parsed.ok) return setProblem(parsed.message);
    onSave(parsed.value);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-[600px]">
        <DialogHeader>
          <DialogTitle>{column.label}</DialogTitle>
          <DialogDescription>
            {json ? 'Edit the value as JSON. Leave it empty to clear it.' : 'Edit the text of this cell.'}
          </DialogDescription>
        </DialogHeader>
        <Textarea
          autoFocus
          aria-label={column.label}
          value={text}
          maxLength={max}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
              e.preventDefault();
              save();
            }
          }}
          aria-invalid={problem ? true : undefined}
          className={json ? 'min-h-64 font-mono text-xs' : 'min-h-48'}
        />
        {problem && (
          <p role="alert" className="-mt-2 text-sm text-destructive">
            {problem}
          </p>
        )}
        {!problem && max !== undefined && text.length >= max && (
          <p className="-mt-2 text-xs text-muted-foreground">{charactersMax(max)}</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save}>Save</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
