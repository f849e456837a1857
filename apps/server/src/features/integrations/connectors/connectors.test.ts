import { describe, expect, it } from 'vitest';
import { integrationProviders } from '@buildai/domain';
import { accountConnectors, connectorOf, connectors, type ItemRow } from '.';

const item = (values: Partial<ItemRow>) =>
  ({ provider: null, providerItemId: null, externalFileUrl: null, ...values }) as ItemRow;

describe('the data-source connectors', () => {
  it('has an account connector for every provider of the domain, under its own id', () => {
    expect(Object.keys(accountConnectors).sort()).toEqual([...integrationProviders].sort());
    for (const provider of integrationProviders) expect(accountConnectors[provider].id).toBe(provider);
  });

  it('asks every connector once, the web first and the account connectors in the domain order', () => {
    expect(connectors.map((c) => c.id)).toEqual(['web', ...integrationProviders]);
  });

  it('gives a stored item to the connector that always read it', () => {
    const idOf = (values: Partial<ItemRow>) => connectorOf(item(values))?.id;
    expect(idOf({ source: 'web scraper', type: 'web page' })).toBe('web');
    expect(idOf({ source: 'notion', type: 'notion page', provider: 'notion' })).toBe('notion');
    expect(idOf({ source: 'notion', type: 'notion database' })).toBe('notion');
    expect(idOf({ source: 'google drive', type: 'google sheet', provider: 'google-drive' })).toBe(
      'google-drive',
    );
    // a web page's type decides before its source or provider, and a provider alone is enough
    expect(idOf({ source: 'notion', type: 'web page', provider: 'notion' })).toBe('web');
    expect(idOf({ source: 'google drive', type: 'google doc', provider: 'notion' })).toBe('notion');
    expect(idOf({ source: 'web scraper', type: 'google doc', provider: 'google-drive' })).toBe('web');
    // the builder's own files belong to no connector
    expect(idOf({ source: 'local files', type: 'csv' })).toBeUndefined();
  });
});
