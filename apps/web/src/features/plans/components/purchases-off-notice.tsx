import { Info } from 'lucide-react';

export const PURCHASES_OFF_TITLE = 'Plan purchases are not turned on yet';
export const PURCHASES_PARTLY_TITLE = 'Some plans are not on sale yet';
export const NOT_ON_SALE = 'Not on sale yet';

const Code = ({ children }: { children: string }) => (
  <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{children}</code>
);

/**
 * What the builder plans say when this server sells nothing (or not every plan) yet: who turns purchases on and how,
 * instead of buttons that lead nowhere.
 */
export function PurchasesOffNotice({ partly = false }: { partly?: boolean }) {
  const title = partly ? PURCHASES_PARTLY_TITLE : PURCHASES_OFF_TITLE;
  return (
    <div
      role="note"
      aria-label={title}
      className="flex items-start gap-3 rounded-xl border bg-muted/40 px-4 py-3 text-sm"
    >
      <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid gap-1">
        <p className="font-medium">{title}</p>
        {partly ? (
          <p className="text-muted-foreground">
            The operator of this server puts a plan on sale by giving it its Gumroad product as{' '}
            <Code>gumroadProductId</Code> in <Code>PLANS_FILE</Code>.
          </p>
        ) : (
          <p className="text-muted-foreground">
            The operator of this server turns them on by setting <Code>GUMROAD_ACCESS_TOKEN</Code> and giving
            each paid plan its Gumroad product as <Code>gumroadProductId</Code> in <Code>PLANS_FILE</Code>.
            Until then, ask them to change your plan.
          </p>
        )}
      </div>
    </div>
  );
}
