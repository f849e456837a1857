import type { UsageRecord } from '@buildai/domain';
import { formatInteger } from '@/lib/format';
import type { SpaceUIMessage } from '../lib/types';

const dollars = (n: number) => `$${n < 0.01 && n > 0 ? n.toFixed(4) : n.toFixed(2)}`;
/** The usage record's rates are dollars per 1M tokens already (spec 001 §9). */
const perMillion = (rate: number) => `$${rate.toFixed(2)} / 1M`;

/** Admin only: the chat's tokens and cost so far, with the latest model's rates. */
export function UsageSummary({ messages }: { messages: SpaceUIMessage[] }) {
  const usages = messages.flatMap((m) => (m.metadata?.usage ? [m.metadata.usage] : []));
  if (!usages.length) return null;
  const sum = (k: keyof UsageRecord) => usages.reduce((n, u) => n + (u[k] as number), 0);
  const last = usages.at(-1)!;
  return (
    <section
      aria-label="Token usage"
      className="mx-auto mt-6 w-full max-w-3xl rounded-lg border bg-muted/30 px-4 py-3 text-xs text-muted-foreground"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-foreground">Token usage</span>
        <span className="font-mono">{last.modelInfo.model}</span>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
        <div>
          <dt>Prompt</dt>
          <dd className="text-foreground">{formatInteger(sum('promptTokens'))} tokens</dd>
        </div>
        <div>
          <dt>Completion</dt>
          <dd className="text-foreground">{formatInteger(sum('completionTokens'))} tokens</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd className="text-foreground">{formatInteger(sum('totalTokens'))} tokens</dd>
        </div>
        <div>
          <dt>Cost</dt>
          <dd className="text-foreground">{dollars(sum('totalCost'))}</dd>
        </div>
      </dl>
      <p className="mt-2">
        Rates: prompt {perMillion(last.promptRate)}, completion {perMillion(last.completionRate)}
        {last.cacheReadRate > 0 && <>, cache read {perMillion(last.cacheReadRate)}</>}
        {last.cacheWriteRate > 0 && <>, cache write {perMillion(last.cacheWriteRate)}</>}
      </p>
    </section>
  );
}
