import { Plus, Trash2 } from 'lucide-react';
import { builderMessages, MAX_INPUT_STEPS } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

interface Props {
  enabled: boolean;
  /** multi-step input needs at least one field */
  hasFields: boolean;
  steps: readonly { id: string; title: string }[];
  onToggle: (on: boolean) => void;
  onAdd: () => void;
  onRename: (id: string, title: string) => void;
  onDelete: (id: string) => void;
}

/** The multi-step toggle and, when on, the steps (spec 000 §2, §4). */
export function InputStepsEditor({ enabled, hasFields, steps, onToggle, onAdd, onRename, onDelete }: Props) {
  return (
    <section className="grid gap-3 rounded-lg border p-3" aria-label="Multi-step input">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor="multi-step-input">Multi-step input</Label>
          <p className="text-xs text-muted-foreground">
            {hasFields ? 'Ask the fields over several steps.' : builderMessages.multiStepNeedsField}
          </p>
        </div>
        <Switch
          id="multi-step-input"
          checked={enabled}
          disabled={!hasFields && !enabled}
          onCheckedChange={onToggle}
        />
      </div>
      {enabled && (
        <>
          <ol className="grid gap-2" aria-label="Steps">
            {steps.map((step, i) => (
              <li key={step.id} className="flex items-center gap-2">
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-medium text-accent-foreground">
                  {i + 1}
                </span>
                <Input
                  aria-label={`Title of step ${i + 1}`}
                  className="h-8"
                  maxLength={60}
                  placeholder={`Step ${i + 1}`}
                  value={step.title}
                  onChange={(e) => onRename(step.id, e.target.value)}
                />
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-muted-foreground hover:text-destructive"
                  aria-label={`Delete step ${i + 1}`}
                  disabled={steps.length <= 1}
                  onClick={() => onDelete(step.id)}
                >
                  <Trash2 />
                </Button>
              </li>
            ))}
          </ol>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={steps.length >= MAX_INPUT_STEPS}
            onClick={onAdd}
          >
            <Plus />
            Add step
          </Button>
        </>
      )}
    </section>
  );
}
