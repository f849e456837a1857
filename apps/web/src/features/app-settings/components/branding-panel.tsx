import { styleNames, type AppStyle } from '@buildai/domain';
import { ColorPicker } from '@/components/ui/color-picker';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import type { BrandingPanelProps } from '@/lib/builder-types';
import { cn } from '@/lib/utils';
import { STYLE_LOOKS } from '../lib/style-looks';
import { PanelSection, SwitchRow } from '@/components/builder/form-row';
import { ImageUploadField } from './image-upload-field';

const COLOURS = [
  ['backgroundColor', 'Background colour'],
  ['headerTextColor', 'Header text colour'],
  ['subheaderTextColor', 'Subheader text colour'],
  ['buttonTextColor', 'Button text colour'],
  ['buttonBackgroundColor', 'Button background colour'],
] as const;

/** App Branding (spec 000 §2): style, colours, background image, logo and, for admins, the watermark. */
export function BrandingPanel({ appId, style, onChange, isAdmin }: BrandingPanelProps) {
  return (
    <div className="grid gap-5">
      <PanelSection title="Style">
        <RadioGroup
          aria-label="Style"
          value={style.styleName}
          onValueChange={(v) => onChange({ styleName: v as AppStyle['styleName'] })}
          className="grid-cols-3 gap-2"
        >
          {styleNames.map((name) => {
            const look = STYLE_LOOKS[name];
            return (
              <RadioGroupItem
                key={name}
                value={name}
                aria-label={look.label}
                className={cn(
                  'group grid gap-1.5 rounded-lg border p-1.5 text-left transition-colors hover:border-primary/40',
                  'data-[state=checked]:border-primary data-[state=checked]:ring-2 data-[state=checked]:ring-primary/25',
                )}
              >
                <span
                  aria-hidden
                  className={cn('flex h-12 flex-col justify-center gap-1 rounded-md px-2', look.swatch)}
                >
                  <span className={cn('h-1.5 w-3/4 rounded-full', look.line)} />
                  <span className={cn('h-1.5 w-1/2 rounded-full opacity-60', look.line)} />
                </span>
                <span className="px-0.5 text-xs font-medium">{look.label}</span>
              </RadioGroupItem>
            );
          })}
        </RadioGroup>
      </PanelSection>

      <PanelSection title="Colours" description="Leave a colour on Default to follow the style.">
        <div className="grid gap-2.5">
          {COLOURS.map(([key, label]) => (
            <div key={key} className="flex items-center justify-between gap-3">
              <Label htmlFor={`style-${key}`} className="font-normal">
                {label}
              </Label>
              <div className="w-40 shrink-0">
                <ColorPicker
                  id={`style-${key}`}
                  value={style[key]}
                  onChange={(hex) => onChange({ [key]: hex })}
                />
              </div>
            </div>
          ))}
        </div>
      </PanelSection>

      <PanelSection title="Images">
        <ImageUploadField
          appId={appId}
          kind="background"
          label="Background image"
          value={style.backgroundImage}
          onChange={(url) => onChange({ backgroundImage: url })}
        />
        <ImageUploadField
          appId={appId}
          kind="logo"
          label="Logo"
          value={style.logoUrl}
          onChange={(url) => onChange({ logoUrl: url })}
        />
      </PanelSection>

      {isAdmin && (
        <PanelSection>
          <SwitchRow
            id="style-hide-watermark"
            label="Hide watermark"
            description="Removes “Made with BuildAI” from the app's pages."
            checked={style.hideBuildAI}
            onCheckedChange={(on) => onChange({ hideBuildAI: on })}
          />
        </PanelSection>
      )}
    </div>
  );
}
