import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlans } from '../src/features/plans';

describe('PLANS_FILE', () => {
  it('stops the start naming the first bad field as the API names it', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'buildai-plans-')), 'plans.json');
    writeFileSync(file, JSON.stringify([{ id: 5 }]));
    expect(() => loadPlans({ PLANS_FILE: file })).toThrow(
      'PLANS_FILE is not a list of plans: 0.id: Invalid input: expected string, received number',
    );
  });
});
