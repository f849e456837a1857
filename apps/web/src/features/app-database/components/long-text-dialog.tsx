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
import { columnType } from '../column-types/registry';
import { TEXT_LONG_TEXT } from '../column-types/text';
import { charactersMax, maxLengthOf } from '../lib/cell-values';
import { editText, parseCellText } from '../lib/cells';
import type { TableColumn } from './table-types';

interface Props {
  column: TableColumn;
  value: unknown;
  onSave: (value: unknown) => void;
  onClose: () => void;
}

/**
 * The modal editor of long text (over 50 characters or with a line break) and of JSON (spec 001 §4, §5): JSON is
 * checked before it is saved ('Invalid JSON: …'), and an empty JSON cell saves null. Ctrl/Cmd+Enter saves. The
 * wording, the look and the text rules are the column type's.
 */
export function LongTextDialog({ column, value, onSave, onClose }: Props) {
  const [text, setText] = React.useState(() => editText(value, column.dataType));
  const [problem, setProblem] = React.useState<string | null>(null);
  const look = columnType(column.dataType).longText ?? TEXT_LONG_TEXT;
  const max = look.limited ? maxLengthOf(column.property) : undefined;

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
          <DialogDescription>{look.description}</DialogDescription>
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
          className={look.className}
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
