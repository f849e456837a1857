import { describe, expect, it } from 'vitest';
import { integrationProviderKey, integrationProviders, isIntegrationProvider } from './connectors';

describe('integration providers', () => {
  it('keys each provider in camelCase, as the connections answer has always said them', () => {
    expect(integrationProviders.map(integrationProviderKey)).toEqual(['notion', 'googleDrive']);
  });

  it('knows its own providers only', () => {
    expect(integrationProviders.every(isIntegrationProvider)).toBe(true);
    for (const other of ['dropbox', 'web', 'Notion', '', null, 1])
      expect(isIntegrationProvider(other)).toBe(false);
  });
});
