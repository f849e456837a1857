import { describe, expect, it } from 'vitest';
import { asResultBlock, deriveBlocks } from './prompt';

describe('deriveBlocks', () => {
  it('an empty prompt has no blocks', () => {
    expect(deriveBlocks('')).toEqual([]);
    expect(deriveBlocks('  \n\t ')).toEqual([]);
  });

  it('a prompt without sections is one block for the whole answer', () => {
    expect(deriveBlocks('  Write one slogan about {{topic}}.\n')).toEqual([
      { id: 'block-1', type: 'text', title: 'Answer', prompt: 'Write one slogan about {{topic}}.' },
    ]);
  });

  it('makes one text block per ## heading, in order; text before the first heading is not a block', () => {
    const prompt = [
      'You are a travel planner for {{city}}.',
      '## Summary',
      'Two sentences.',
      '',
      '## Day by day ##',
      'One line per day.',
      '### Tips',
      'Three tips.',
    ].join('\r\n');
    expect(deriveBlocks(prompt)).toEqual([
      { id: 'block-1', type: 'text', title: 'Summary', prompt: 'Two sentences.' },
      {
        id: 'block-2',
        type: 'text',
        title: 'Day by day',
        prompt: 'One line per day.\n### Tips\nThree tips.',
      },
    ]);
  });

  it('ignores headings inside code fences and lines that only look like headings', () => {
    const prompt = '## Code\n```\n## not a heading\n```\n#not ## either\n##no space';
    const blocks = deriveBlocks(prompt);
    expect(blocks.map((b) => b.title)).toEqual(['Code']);
    expect(blocks[0]!.prompt).toContain('## not a heading');
  });
});

describe('asResultBlock', () => {
  it('reads a saved block and refuses anything else', () => {
    expect(asResultBlock({ id: 'b1', title: 'Intro', prompt: 'Hi', extra: 1 })).toEqual({
      id: 'b1',
      type: 'text',
      title: 'Intro',
      prompt: 'Hi',
    });
    expect(asResultBlock({ id: 'b1', title: 'Intro' })?.prompt).toBe('');
    expect(asResultBlock({ title: 'x' })).toBeNull();
    expect(asResultBlock('text')).toBeNull();
    expect(asResultBlock(null)).toBeNull();
  });
});
