import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** Whether undici 7's Agent is the process's global dispatcher after `load` ran in a fresh node process. */
function undiciIsGlobal(load: string): boolean {
  const script = `
    ${load}
    const { Agent, getGlobalDispatcher } = await import('undici');
    process.stdout.write(JSON.stringify(getGlobalDispatcher() instanceof Agent));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: serverDir,
    encoding: 'utf8',
  });
  return JSON.parse(out) as boolean;
}

describe('loadUndici', () => {
  it("leaves Node's own fetch agent as the global dispatcher, where importing undici first takes its place", () => {
    expect(undiciIsGlobal("await import('undici');")).toBe(true);
    expect(
      undiciIsGlobal("const { loadUndici } = await import('./src/http/undici.ts'); await loadUndici();"),
    ).toBe(false);
  });
});
