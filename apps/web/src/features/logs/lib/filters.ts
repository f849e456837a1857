import type { RunSource } from '@buildai/domain';

/** The logs' filters as the page keeps them in its address (empty: not filtered). */
export interface LogFilterValues {
  q: string;
  from: string;
  to: string;
  source: '' | RunSource;
  tool: string;
  rating: '' | 'up' | 'down' | 'none';
  hasError: '' | 'true' | 'false';
}

export const FILTER_KEYS = ['q', 'from', 'to', 'source', 'tool', 'rating', 'hasError'] as const;

export function readFilters(params: URLSearchParams): LogFilterValues {
  const get = (k: string) => params.get(k) ?? '';
  return {
    q: get('q'),
    from: get('from'),
    to: get('to'),
    source: get('source') as LogFilterValues['source'],
    tool: get('tool'),
    rating: get('rating') as LogFilterValues['rating'],
    hasError: get('hasError') as LogFilterValues['hasError'],
  };
}

/** `?q=…&source=…` of the filters that are set, with the reveal and the page's cursor. */
export function filtersToQuery(
  filters: LogFilterValues,
  extra: { reveal?: boolean; cursor?: string } = {},
): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (extra.reveal) params.set('reveal', 'true');
  if (extra.cursor) params.set('cursor', extra.cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const isFiltered = (filters: LogFilterValues) => FILTER_KEYS.some((k) => filters[k].trim() !== '');

export const SOURCE_LABELS: Record<RunSource, string> = {
  web: 'Page',
  widget: 'Widget',
  api: 'API',
  mcp: 'MCP',
};
