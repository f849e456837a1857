import { describe, expect, it } from 'vitest';
import { hasChosenModel, modelFor } from './model-choice';

describe('modelFor', () => {
  it("answers the builder's pick when the stored settings name one", () => {
    expect(modelFor({ aiModel: 'anthropic/claude-3.5-haiku' }, 'gpt-4o-mini')).toBe(
      'anthropic/claude-3.5-haiku',
    );
    expect(hasChosenModel({ aiModel: 'gpt-4o' })).toBe(true);
  });

  it("answers the operator's default otherwise", () => {
    for (const stored of [
      {},
      { aiModel: '' },
      { aiModel: '   ' },
      { aiModel: 3 },
      null,
      undefined,
      'gpt-4o',
    ]) {
      expect(modelFor(stored, 'llama3.2')).toBe('llama3.2');
      expect(hasChosenModel(stored)).toBe(false);
    }
  });
});
