import { Plus, X } from 'lucide-react';
import { DEFAULT_INPUT_LABEL, DEFAULT_INPUT_PLACEHOLDER, MAX_INPUT_EXAMPLES } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toolHasInputs } from '@/lib/tool-draft';
import { FormRow, PanelSection, SwitchRow } from '@/components/builder/form-row';
import type { ToolDraftPanelProps } from '@/lib/builder-types';

/** Tool texts / App texts (spec 001 §2): what visitors read around the tool's input. */
export function TextsPanel({ draft, onChange }: ToolDraftPanelProps) {
  const hasInputs = toolHasInputs(draft);
  const examples = draft.examples;
  const setExample = (i: number, text: string) =>
    onChange({ examples: examples.map((e, j) => (j === i ? text : e)) });

  return (
    <div className="grid gap-5">
      <PanelSection>
        <FormRow id="tool-header" label="Header">
          <Input
            id="tool-header"
            placeholder="e.g. Instagram caption writer"
            maxLength={200}
            value={draft.header}
            onChange={(e) => onChange({ header: e.target.value })}
          />
        </FormRow>
        <FormRow id="tool-description" label="Subheader">
          <Textarea
            id="tool-description"
            placeholder="Tell visitors what the tool does and what they'll get."
            maxLength={2000}
            className="min-h-20"
            value={draft.description}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        </FormRow>
      </PanelSection>

      <PanelSection title="Main input">
        <SwitchRow
          id="tool-input-hidden"
          label="Hide main input"
          description="Visitors only fill in your custom fields."
          checked={draft.isInputHidden}
          onCheckedChange={(on) => onChange({ isInputHidden: on })}
        />
        <FormRow id="tool-input-label" label="Input Label">
          <Input
            id="tool-input-label"
            placeholder={DEFAULT_INPUT_LABEL}
            maxLength={100}
            value={draft.inputLabel}
            onChange={(e) => onChange({ inputLabel: e.target.value })}
          />
        </FormRow>
        <FormRow
          id="tool-input-placeholder"
          label="Input placeholder"
          hint={`Leave it empty to show "${DEFAULT_INPUT_PLACEHOLDER}".`}
        >
          <Input
            id="tool-input-placeholder"
            aria-describedby="tool-input-placeholder-hint"
            placeholder={DEFAULT_INPUT_PLACEHOLDER}
            maxLength={200}
            value={draft.inputPlaceholder}
            onChange={(e) => onChange({ inputPlaceholder: e.target.value })}
          />
        </FormRow>
        <SwitchRow
          id="tool-input-collapsed"
          label="Collapse main input"
          description={
            hasInputs ? 'The input opens when a visitor clicks it.' : 'Your tool has no inputs yet.'
          }
          checked={draft.isInputCollapsed}
          disabled={!hasInputs}
          onCheckedChange={(on) => onChange({ isInputCollapsed: on })}
        />
      </PanelSection>

      <PanelSection>
        <FormRow id="tool-welcome" label="Welcome Message">
          <Textarea
            id="tool-welcome"
            placeholder="A friendly line shown above the form."
            className="min-h-16"
            value={draft.welcomeMessage}
            onChange={(e) => onChange({ welcomeMessage: e.target.value })}
          />
        </FormRow>
      </PanelSection>

      <PanelSection
        title="Input Examples"
        description={`Up to ${MAX_INPUT_EXAMPLES} examples under the input; a click fills it in. Empty ones are left out.`}
      >
        {examples.length > 0 && (
          <ul className="grid gap-2">
            {examples.map((example, i) => (
              <li key={i} className="flex items-center gap-2">
                <Input
                  aria-label={`Example ${i + 1}`}
                  placeholder={`Example ${i + 1}`}
                  maxLength={500}
                  value={example}
                  onChange={(e) => setExample(i, e.target.value)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove example ${i + 1}`}
                  onClick={() => onChange({ examples: examples.filter((_, j) => j !== i) })}
                >
                  <X />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={examples.length >= MAX_INPUT_EXAMPLES}
          onClick={() => onChange({ examples: [...examples, ''] })}
        >
          <Plus />
          Add example
        </Button>
      </PanelSection>
    </div>
  );
}
