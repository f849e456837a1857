import { formatCount, type AnalyticsTool } from '@buildai/domain';
import { formatInteger } from '@/lib/format';
import { fillDays } from '../lib/series';
import { Sparkline } from './sparkline';

interface Props {
  tools: AnalyticsTool[];
  from: string;
  to: string;
}

function Num({ value }: { value: number }) {
  return <span title={formatInteger(value)}>{formatCount(value)}</span>;
}

/** Per tool: title, /tool/path, runs, users, tokens and a sparkline of its runs per day. */
export function ToolsTable({ tools, from, to }: Props) {
  const rows = [...tools]
    .sort((a, b) => b.runs - a.runs)
    .map((t) => ({ ...t, series: fillDays(t.days, from, to).map((d) => d.runs) }));
  if (rows.length === 0) {
    return (
      <p className="px-4 py-8 text-center text-sm text-muted-foreground sm:px-6">No tools in this app yet.</p>
    );
  }
  return (
    <>
      {/* phone: one card per tool */}
      <ul className="divide-y sm:hidden" aria-label="Tools">
        {rows.map((t) => (
          <li key={t.toolId} className="grid gap-3 px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-medium">{t.title || 'Untitled tool'}</p>
                <p className="truncate font-mono text-xs text-muted-foreground">/tool/{t.path}</p>
              </div>
              <Sparkline
                values={t.series}
                label={`Runs per day of ${t.title || t.path}`}
                className="w-20 shrink-0"
              />
            </div>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              {(
                [
                  ['Runs', t.runs],
                  ['Users', t.users],
                  ['Tokens', t.tokens],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-lg bg-muted/60 px-3 py-2">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="font-semibold tabular-nums">
                    <Num value={value} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      {/* tablet and up: a table */}
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b text-left text-xs text-muted-foreground">
              <th scope="col" className="px-6 py-3 font-medium">
                Tool
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Runs
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Users
              </th>
              <th scope="col" className="px-3 py-3 text-right font-medium">
                Tokens
              </th>
              <th scope="col" className="px-6 py-3 text-right font-medium">
                Runs per day
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((t) => (
              <tr key={t.toolId} className="transition-colors hover:bg-muted/40">
                <td className="max-w-64 px-6 py-3">
                  <p className="truncate font-medium">{t.title || 'Untitled tool'}</p>
                  <p className="truncate font-mono text-xs text-muted-foreground">/tool/{t.path}</p>
                </td>
                <td className="px-3 py-3 text-right tabular-nums">
                  <Num value={t.runs} />
                </td>
                <td className="px-3 py-3 text-right tabular-nums">
                  <Num value={t.users} />
                </td>
                <td className="px-3 py-3 text-right tabular-nums">
                  <Num value={t.tokens} />
                </td>
                <td className="px-6 py-3">
                  <Sparkline
                    values={t.series}
                    label={`Runs per day of ${t.title || t.path}`}
                    className="ml-auto"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
