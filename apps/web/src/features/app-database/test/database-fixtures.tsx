import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';
import type { EntityRecord, EntitySchema } from '@buildai/domain';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { DatabaseScreen } from '../components/database-screen';
import type { DatabaseScreenProps } from '../types';

/** Test data and a render helper for the database screen (tests only). */

export const APP = 'a1';
export const ENTITIES = `GET /api/apps/${APP}/entities`;
export const records = (entity: string) => `/api/apps/${APP}/entities/${entity}/records`;

export const taskSchema: EntitySchema = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: 20 },
    count: { type: 'number' },
    done: { type: 'boolean' },
    status: { type: 'string', enum: ['todo', 'doing', 'done'] },
    tags: { type: 'array', items: { type: 'string', enum: ['red', 'blue'] } },
    meta: { type: 'object' },
    due: { type: 'string', format: 'date-time' },
    notes: { type: 'string' },
  },
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};

export function record(over: Partial<EntityRecord> & Record<string, unknown> = {}): EntityRecord {
  return {
    id: 'r1',
    createdAt: '2026-01-02T10:00:00.000Z',
    creatorId: 'u1',
    title: 'Buy milk',
    count: 2,
    done: 'true',
    status: 'todo',
    tags: ['red'],
    meta: { a: 1 },
    due: null,
    notes: 'A note that is long enough to need the modal editor, since it is over fifty',
    ...over,
  };
}

export function renderScreen(over: Partial<DatabaseScreenProps> = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const props: DatabaseScreenProps = {
    appId: APP,
    refreshKey: 0,
    chatBusy: false,
    requestChat: vi.fn(async () => undefined),
    onClose: vi.fn(),
    expanded: false,
    onExpandedChange: vi.fn(),
    ...over,
  };
  const ui = (p: DatabaseScreenProps) => (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <DatabaseScreen {...p} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
  const view = render(ui(props));
  return {
    ...view,
    props,
    queryClient,
    rerenderWith: (next: Partial<DatabaseScreenProps>) => view.rerender(ui({ ...props, ...next })),
  };
}

/** jsdom lays nothing out: the table's scroller gets its 480 px, so the virtualizer shows the rows in view. */
export function layOutGrid() {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute('role') === 'grid' ? 480 : 0;
      },
    });
  });
  afterAll(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientHeight', original);
  });
}
