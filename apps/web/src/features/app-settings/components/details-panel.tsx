import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { DetailsPanelProps } from '@/lib/builder-types';
import { FormRow } from '@/components/builder/form-row';

/** App details (spec 001 §2): the header and subheader of an app that holds several tools. */
export function DetailsPanel({
  details,
  onChange,
  intro = "What visitors see at the top of your app's home, above its tools.",
}: DetailsPanelProps) {
  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">{intro}</p>
      <FormRow id="app-header" label="Header">
        <Input
          id="app-header"
          placeholder="e.g. Travel helpers"
          maxLength={200}
          value={details.header}
          onChange={(e) => onChange({ header: e.target.value })}
        />
      </FormRow>
      <FormRow id="app-subheader" label="Subheader">
        <Textarea
          id="app-subheader"
          placeholder="One line about what your tools do"
          className="min-h-20"
          maxLength={2000}
          value={details.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </FormRow>
    </div>
  );
}
