import * as React from 'react';
import { KeyRound, Loader2 } from 'lucide-react';
import { PAYMENT_TOKEN_DEBOUNCE_MS } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export const TOKEN_FIELD_ID = 'gumroad-access-token';

interface Props {
  /** the server keeps a token (or one was accepted in this session): it is never shown, only replaced */
  saved: boolean;
  /** a token is being checked against Gumroad */
  checking: boolean;
  disabled?: boolean;
  /** called once the builder stopped typing for PAYMENT_TOKEN_DEBOUNCE_MS (spec 001 §9) */
  onToken: (token: string) => void;
  onReplace: () => void;
  /** back to the saved token while replacing it */
  onKeep?: () => void;
}

/** The Gumroad access token: typed once, checked by listing its products, then kept by the server. */
export function TokenField({ saved, checking, disabled, onToken, onReplace, onKeep }: Props) {
  if (saved) {
    return (
      <div className="grid gap-2">
        <Label>Gumroad access token</Label>
        <div className="flex items-center justify-between gap-3 rounded-md border bg-muted/40 px-3 py-2">
          <span className="flex min-w-0 items-center gap-2 text-sm">
            <KeyRound className="size-4 shrink-0 text-emerald-600" aria-hidden />
            <span className="truncate">Access token saved</span>
          </span>
          <Button type="button" variant="outline" size="sm" onClick={onReplace} disabled={disabled}>
            Replace
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">It is stored encrypted and never shown again.</p>
      </div>
    );
  }
  return <TokenInput checking={checking} disabled={disabled} onToken={onToken} onKeep={onKeep} />;
}

function TokenInput({
  checking,
  disabled,
  onToken,
  onKeep,
}: Pick<Props, 'checking' | 'disabled' | 'onToken' | 'onKeep'>) {
  const [value, setValue] = React.useState('');
  const latest = React.useRef(onToken);
  React.useEffect(() => {
    latest.current = onToken;
  });
  React.useEffect(() => {
    const token = value.trim();
    if (!token) return;
    const timer = setTimeout(() => latest.current(token), PAYMENT_TOKEN_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  return (
    <div className="grid gap-2">
      <Label htmlFor={TOKEN_FIELD_ID}>Gumroad access token</Label>
      <div className="relative">
        <Input
          id={TOKEN_FIELD_ID}
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="Paste your access token"
          value={value}
          disabled={disabled}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby={`${TOKEN_FIELD_ID}-hint`}
          className="pr-9 font-mono"
        />
        {checking && (
          <Loader2
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
            aria-label="Checking the token"
          />
        )}
      </div>
      <p id={`${TOKEN_FIELD_ID}-hint`} className="text-xs text-muted-foreground">
        In Gumroad: Settings → Advanced → Applications, create an application and generate an access token.
        {onKeep && (
          <>
            {' '}
            <button
              type="button"
              className="font-medium text-foreground underline underline-offset-2"
              onClick={onKeep}
            >
              Keep the saved token
            </button>
          </>
        )}
      </p>
    </div>
  );
}
