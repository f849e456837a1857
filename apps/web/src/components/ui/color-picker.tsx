import * as React from 'react';
import { HexColorPicker } from 'react-colorful';
import { Check, ChevronDown, RotateCcw } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { COLOR_FAMILIES, COLOR_SHADES } from './color-palette';
import { Input } from './input';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

const HEX = /^#?([0-9a-fA-F]{6})$/;

/** '#rrggbb' (lower case) from what a person typed, or null. */
export function parseHex(text: string): string | null {
  const m = HEX.exec(text.trim());
  return m ? `#${m[1]!.toLowerCase()}` : null;
}

interface Props {
  id?: string;
  /** '' means "the style's default" */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** what '' looks like in the trigger */
  defaultLabel?: string;
  'aria-labelledby'?: string;
  'aria-label'?: string;
}

/** A colour: named families with ten shades each, or any custom colour (picker or hex), or the default. */
export function ColorPicker({ id, value, onChange, disabled, defaultLabel = 'Default', ...aria }: Props) {
  const [open, setOpen] = React.useState(false);
  const current = parseHex(value);
  const initialFamily = Math.max(
    0,
    COLOR_FAMILIES.findIndex((f) => current && f.shades.includes(current)),
  );
  const [family, setFamily] = React.useState(initialFamily);
  const [hexText, setHexText] = React.useState(current ?? '');
  React.useEffect(() => setHexText(current ?? ''), [current]);
  const shades = COLOR_FAMILIES[family]!;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          type="button"
          variant="outline"
          disabled={disabled}
          className="w-full justify-start gap-2 px-2.5 font-normal"
          {...aria}
        >
          <span
            aria-hidden
            className={cn(
              'size-5 shrink-0 rounded-sm border shadow-inner',
              !current && 'bg-[repeating-conic-gradient(#e5e7eb_0_25%,#fff_0_50%)] bg-[length:8px_8px]',
            )}
            style={current ? { backgroundColor: current } : undefined}
          />
          <span
            className={cn(
              'flex-1 truncate text-left',
              current ? 'font-mono text-xs' : 'text-muted-foreground',
            )}
          >
            {current ?? defaultLabel}
          </span>
          <ChevronDown className="text-muted-foreground" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="grid w-[19rem] gap-3 p-3" align="start">
        <div>
          <p className="mb-1.5 text-xs font-medium text-muted-foreground">Colours</p>
          <div className="grid grid-cols-11 gap-1" role="group" aria-label="Colour families">
            {COLOR_FAMILIES.map((f, i) => (
              <button
                key={f.name}
                type="button"
                title={f.name}
                aria-label={f.name}
                aria-pressed={i === family}
                onClick={() => setFamily(i)}
                className={cn(
                  'size-5 rounded-full border border-black/10 transition-transform hover:scale-110',
                  i === family && 'ring-2 ring-ring ring-offset-1',
                )}
                style={{ backgroundColor: f.shades[5] }}
              />
            ))}
          </div>
        </div>
        <div>
          <p className="mb-1.5 text-xs font-medium text-muted-foreground">{shades.name}</p>
          <div className="grid grid-cols-10 gap-1" role="group" aria-label={`${shades.name} shades`}>
            {shades.shades.map((hex, i) => (
              <button
                key={hex + i}
                type="button"
                aria-label={`${shades.name} ${COLOR_SHADES[i]}`}
                title={`${shades.name} ${COLOR_SHADES[i]} · ${hex}`}
                onClick={() => onChange(hex)}
                className="relative flex aspect-square items-center justify-center rounded-sm border border-black/10 transition-transform hover:scale-110"
                style={{ backgroundColor: hex }}
              >
                {current === hex && <Check className={cn('size-3', i < 5 ? 'text-black' : 'text-white')} />}
              </button>
            ))}
          </div>
        </div>
        <div className="grid gap-2">
          <p className="text-xs font-medium text-muted-foreground">Custom</p>
          <HexColorPicker
            color={current ?? '#6366f1'}
            onChange={(hex) => onChange(hex.toLowerCase())}
            style={{ width: '100%', height: 140 }}
          />
          <div className="flex items-center gap-2">
            <Input
              aria-label="Hex colour"
              value={hexText}
              placeholder="#rrggbb"
              className="h-8 font-mono text-xs"
              maxLength={7}
              onChange={(e) => {
                setHexText(e.target.value);
                const hex = parseHex(e.target.value);
                if (hex) onChange(hex);
              }}
              aria-invalid={hexText !== '' && !parseHex(hexText) ? true : undefined}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                onChange('');
                setOpen(false);
              }}
            >
              <RotateCcw />
              {defaultLabel}
            </Button>
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}
