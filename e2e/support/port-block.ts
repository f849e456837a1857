import { execFileSync } from 'node:child_process';

// The e2e servers listen on one block of ports (env.ts). A block is chosen once, by the process that reads the
// config, and handed to Playwright's workers through E2E_PORT_BASE, so every process agrees on it. With no
// E2E_PORT_BASE the first block whose ports are all free is taken; with one, a taken port is named, not waited on.

/** The offsets of env.ts's block that a server listens on, with what listens there. */
export const BLOCK_PORTS: Record<number, string> = {
  0: 'the product server',
  1: "the product server's app origin",
  2: 'the fake model',
  3: 'the fake Google sign-in',
  4: 'the single-plan server',
  5: "the single-plan server's app origin",
  10: 'the fake Notion',
  11: 'the fake Google Drive',
  12: 'the fake Gumroad',
};

const FIRST_BASE = 4310;
const STEP = 20;
const TRIES = 40;

// Run in a child process so the answer is synchronous: env.ts's constants are read at import time.
const PROBE = `
const net = require('node:net');
const [bases, offsets] = JSON.parse(process.argv[1]);
const free = (port) => new Promise((resolve) => {
  const server = net.createServer();
  server.once('error', () => resolve(false));
  server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
});
(async () => {
  const taken = {};
  for (const base of bases) {
    const busy = [];
    for (const offset of offsets) if (!(await free(base + offset))) busy.push(offset);
    if (busy.length === 0) { process.stdout.write(JSON.stringify({ base })); return; }
    taken[base] = busy;
  }
  process.stdout.write(JSON.stringify({ taken }));
})();
`;

function probe(bases: number[]): { base?: number; taken?: Record<string, number[]> } {
  const offsets = Object.keys(BLOCK_PORTS).map(Number);
  const out = execFileSync(process.execPath, ['-e', PROBE, JSON.stringify([bases, offsets])], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as { base?: number; taken?: Record<string, number[]> };
}

/** The block's first port: E2E_PORT_BASE when set (checked free), else the first free block, remembered. */
export function portBase(): number {
  const given = process.env.E2E_PORT_BASE;
  if (given) return Number(given);
  const bases = Array.from({ length: TRIES }, (_, i) => FIRST_BASE + i * STEP);
  const found = probe(bases);
  if (found.base === undefined) {
    throw new Error(`no free block of e2e ports between ${FIRST_BASE} and ${bases.at(-1)! + STEP}`);
  }
  process.env.E2E_PORT_BASE = String(found.base);
  return found.base;
}

/** Throws, naming the port and what was to listen there, when a port of the block is taken. */
export function assertBlockFree(base: number): void {
  const found = probe([base]);
  const busy = found.taken?.[String(base)];
  if (!busy?.length) return;
  const names = busy.map((offset) => `${base + offset} (${BLOCK_PORTS[offset]})`).join(', ');
  throw new Error(
    `e2e port ${names} is taken by another program: stop it, or set E2E_PORT_BASE to move the block of 20 ports`,
  );
}
