import * as React from 'react';
import { Search, X } from 'lucide-react';
import { runSources, type ToolSummary } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { isFiltered, SOURCE_LABELS, type LogFilterValues } from '../lib/filters';

interface Props {
  filters: LogFilterValues;
  tools: ToolSummary[];
  onChange: (next: Partial<LogFilterValues>) => void;
  onClear: () => void;
}

/** Search and the filters of the logs: dates, source, tool, rating, errors. */
export function LogsFilters({ filters, tools, onChange, onClear }: Props) {
  const [q, setQ] = React.useState(filters.q);
  React.useEffect(() => setQ(filters.q), [filters.q]);
  // the search applies a moment after typing stops
  React.useEffect(() => {
    if (q === filters.q) return;
    const timer = setTimeout(() => onChange({ q }), 300);
    return () => clearTimeout(timer);
  }, [q, filters.q, onChange]);

  return (
    <div className="grid gap-3" role="search" aria-label="Filter logs">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search answers, questions and emails"
          aria-label="Search logs"
          className="pl-9"
          maxLength={200}
        />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          From
          <Input
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => onChange({ from: e.target.value })}
            aria-label="From date"
          />
        </label>
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          To
          <Input
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => onChange({ to: e.target.value })}
            aria-label="To date"
          />
        </label>
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          Source
          <NativeSelect
            value={filters.source}
            onChange={(e) => onChange({ source: e.target.value as LogFilterValues['source'] })}
            aria-label="Source"
          >
            <option value="">All sources</option>
            {runSources.map((s) => (
              <option key={s} value={s}>
                {SOURCE_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          Tool
          <NativeSelect
            value={filters.tool}
            onChange={(e) => onChange({ tool: e.target.value })}
            aria-label="Tool"
          >
            <option value="">All tools</option>
            <option value="assistant">Assistant</option>
            {tools.map((t) => (
              <option key={t.toolId} value={t.toolId}>
                {t.title || t.path}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          Rating
          <NativeSelect
            value={filters.rating}
            onChange={(e) => onChange({ rating: e.target.value as LogFilterValues['rating'] })}
            aria-label="Rating"
          >
            <option value="">Any rating</option>
            <option value="up">Thumbs up</option>
            <option value="down">Thumbs down</option>
            <option value="none">Not rated</option>
          </NativeSelect>
        </label>
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          Errors
          <NativeSelect
            value={filters.hasError}
            onChange={(e) => onChange({ hasError: e.target.value as LogFilterValues['hasError'] })}
            aria-label="Errors"
          >
            <option value="">With or without</option>
            <option value="true">Failed only</option>
            <option value="false">Without errors</option>
          </NativeSelect>
        </label>
      </div>
      {isFiltered(filters) && (
        <div>
          <Button variant="ghost" size="sm" onClick={onClear} className="-ml-2 text-muted-foreground">
            <X />
            Clear filters
          </Button>
        </div>
      )}
    </div>
  );
}
