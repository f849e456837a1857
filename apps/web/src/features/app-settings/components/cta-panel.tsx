import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { FormRow } from '@/components/builder/form-row';
import type { ToolDraftPanelProps } from '@/lib/builder-types';

/** Looks like a web address a visitor can open. */
function isLink(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Call to Action (spec 001 §2): a message and a button shown with the result. */
export function CtaPanel({ draft, onChange }: ToolDraftPanelProps) {
  const badLink = draft.ctaLink.trim() !== '' && !isLink(draft.ctaLink);
  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        Shown under the result: invite visitors to book a call, buy, or sign up.
      </p>
      <FormRow id="cta-message" label="Message">
        <Textarea
          id="cta-message"
          placeholder="Liked the result? Let's talk about your project."
          className="min-h-20"
          maxLength={1000}
          value={draft.ctaMessage}
          onChange={(e) => onChange({ ctaMessage: e.target.value })}
        />
      </FormRow>
      <FormRow id="cta-button" label="Button text">
        <Input
          id="cta-button"
          placeholder="Book a call"
          maxLength={60}
          value={draft.ctaButton}
          onChange={(e) => onChange({ ctaButton: e.target.value })}
        />
      </FormRow>
      <FormRow
        id="cta-link"
        label="Button link"
        hint={badLink ? 'Use a full address starting with https://' : undefined}
      >
        <Input
          id="cta-link"
          type="url"
          inputMode="url"
          placeholder="https://example.com/book"
          maxLength={2000}
          aria-invalid={badLink || undefined}
          aria-describedby={badLink ? 'cta-link-hint' : undefined}
          value={draft.ctaLink}
          onChange={(e) => onChange({ ctaLink: e.target.value })}
        />
      </FormRow>
    </div>
  );
}
