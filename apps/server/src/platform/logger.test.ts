import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs `body` in a fresh node process with a production logger at `info` on its stdout, and collects what the
 * process wrote to stdout, each chunk with the time it came (ms after the first line was logged).
 */
function logInChild(body: string, aliveMs: number) {
  const script = `
    const { createLogger } = await import('./src/platform/logger.ts');
    const logger = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'production' });
    process.stderr.write('logging\\n');
    ${body}
    setTimeout(() => {}, ${aliveMs});
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: serverDir,
  });
  const chunks: { at: number; text: string }[] = [];
  let started = 0;
  child.stderr.on('data', () => (started ||= performance.now()));
  child.stdout.on('data', (d: Buffer) =>
    chunks.push({ at: performance.now() - started, text: d.toString() }),
  );
  return new Promise<{ chunks: typeof chunks; code: number | null }>((resolve) =>
    child.on('close', (code) => resolve({ chunks, code })),
  );
}

describe('createLogger', () => {
  it("shows a quiet server's line within its flush interval, while the process runs on", async () => {
    // the process stays up 3 s after the line: the line must not wait for the exit's flush
    const { chunks, code } = await logInChild("logger.info({ path: '/api/x' }, 'request');", 3000);
    expect(code).toBe(0);
    const [first] = chunks;
    expect(first?.at).toBeLessThan(1500);
    expect(JSON.parse(first!.text.trim())).toMatchObject({ level: 30, msg: 'request', path: '/api/x' });
  });

  it('gathers lines logged a turn apart (requests under load) into few writes, and loses none at exit', async () => {
    const { chunks, code } = await logInChild(
      `for (let i = 0; i < 2000; i++) {
        logger.info({ i, body: { password: 'secret' } }, 'request');
        await new Promise((r) => setImmediate(r));
      }`,
      0,
    );
    expect(code).toBe(0);
    const lines = chunks
      .map((c) => c.text)
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { i: number; body: { password: string } });
    expect(lines.map((l) => l.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    // redaction still applies to what is gathered
    expect(lines.every((l) => l.body.password === '[Redacted]')).toBe(true);
    // about 100 bytes a line, 4 KB a write: some 50 writes at most, where a write per line made over 200 reads of
    // the pipe here
    expect(chunks.length).toBeLessThan(100);
  });
});
