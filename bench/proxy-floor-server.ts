// The floor of the first-token benchmarks: a bare node:http server that forwards each request's body to the model
// and pipes the model's stream back unchanged. It checks nothing, stores nothing and reads nothing of the answer:
// what it adds to the first token is what any server standing between the user and the model adds on this machine
// (one more HTTP hop each way, in a process of its own). Started by first-token.ts and concurrent-runs.ts.
import { createServer } from 'node:http';

const port = Number(process.env.FLOOR_PORT);
const upstream = process.env.FLOOR_UPSTREAM!;

createServer((req, res) => {
  if (req.method !== 'POST') {
    res.end('ok');
    return;
  }
  void (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await fetch(`${upstream}/chat/completions`, {
      method: 'POST',
      headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, { 'content-type': 'text/event-stream' });
    for await (const chunk of answer.body!) res.write(chunk);
    res.end();
  })().catch((err: Error) => {
    res.statusCode = 502;
    res.end(err.message);
  });
}).listen(port, '127.0.0.1');

// a clean exit on SIGTERM
process.once('SIGTERM', () => process.exit(0));
