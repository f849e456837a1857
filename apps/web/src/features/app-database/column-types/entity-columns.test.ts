import { describe, expect, it } from 'vitest';
import { entityColumns } from './entity-columns';
import { columnType } from './registry';

describe('entity columns (spec 001 §3)', () => {
  it('adds read-only Created At and User ID and sizes multiselect wider', () => {
    const columns = entityColumns({
      properties: {
        status: { type: 'string', enum: ['open'] },
        tags: { type: 'array', items: { enum: ['x'] } },
      },
    });
    expect(columns.map((c) => [c.id, c.label, c.dataType, c.readonly])).toEqual([
      ['status', 'status', 'select', false],
      ['tags', 'tags', 'multiselect', false],
      ['createdAt', 'Created At', 'datetime', true],
      ['creatorId', 'User ID', 'text', true],
    ]);
    expect(columns[0]!.options[0]!.backgroundColor).toMatch(/^hsl\(\d+, 95%, 90%\)$/);
    expect(columnType('multiselect').width).toBe(200);
    expect(columnType('text').width).toBe(100);
  });

  it("offers a select's enum and a multiselect's item enum as options, each with its colour", () => {
    const [status, tags, title] = entityColumns({
      properties: {
        status: { type: 'string', enum: ['open', 'closed'], title: 'Status' },
        tags: { type: 'array', items: { enum: ['x', 'y'] } },
        title: { type: 'string' },
      },
    });
    expect(status!.label).toBe('Status');
    expect(status!.options.map((o) => o.label)).toEqual(['open', 'closed']);
    expect(tags!.options.map((o) => o.label)).toEqual(['x', 'y']);
    expect(title!.options).toEqual([]);
    // a label keeps its colour in any column
    const again = entityColumns({ properties: { other: { enum: ['open'] } } })[0]!;
    expect(again.options[0]!.backgroundColor).toBe(status!.options[0]!.backgroundColor);
  });
});
