import { describe, expect, it } from 'vitest';
import { textOf } from './actions';
import type { SpaceUIMessage } from './types';

describe('textOf', () => {
  it('keeps the text of each step of a turn as a paragraph of its own', () => {
    const message = {
      id: 'm1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'text', text: 'Working on pages/Home.tsx.' },
        { type: 'step-start' },
        { type: 'text', text: 'Renamed.' },
      ],
    } as unknown as SpaceUIMessage;
    expect(textOf(message)).toBe('Working on pages/Home.tsx.\n\nRenamed.');
  });
});
