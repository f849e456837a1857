import { describe, expect, it } from 'vitest';
import { contextItemTypes, integrationProviders, type ContextItemType } from '@buildai/domain';
import { SOURCE_OPTIONS, typeLabel } from '../lib/data-rules';
import { accountConnectors, addressConnectors, addressOptions, listOfNames } from '.';

describe('the data-source connectors of the UI', () => {
  it('has an account connector for every provider of the domain, and none other', () => {
    expect(Object.keys(accountConnectors).sort()).toEqual([...integrationProviders].sort());
  });

  it('names every account connector on the import option as it always read', () => {
    expect(listOfNames((c) => c.shortName ?? c.name, '&')).toBe('Notion & Drive');
    expect(listOfNames((c) => c.name, 'or')).toBe('Notion or Google Drive');
  });

  it('offers the address connectors after the dialog’s own options', () => {
    expect(SOURCE_OPTIONS.map((o) => o.id)).toEqual(['text', 'csv', 'doc', 'pdf', ...addressOptions]);
  });

  it('labels every item type once: the builder’s own files here, every other type by one connector', () => {
    const claims = new Map<ContextItemType, number>();
    const all = [...addressOptions.map((o) => addressConnectors[o]), ...Object.values(accountConnectors)];
    for (const connector of all)
      for (const type of Object.keys(connector.itemTypes) as ContextItemType[])
        claims.set(type, (claims.get(type) ?? 0) + 1);
    expect([...claims.values()].every((n) => n === 1)).toBe(true);
    for (const type of contextItemTypes)
      if (type !== 'unrecognized') expect(typeLabel(type), type).not.toBe('File');
  });
});
