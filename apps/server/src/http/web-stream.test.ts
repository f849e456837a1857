import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { webStreamOf } from './web-stream';

const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString();

describe('webStreamOf', () => {
  it('hands on every chunk, then the end', async () => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of webStreamOf(
      Readable.from(['a', 'b', 'c'].map((s) => Buffer.from(s))),
    ) as unknown as AsyncIterable<Uint8Array>)
      chunks.push(chunk);
    expect(text(chunks)).toBe('abc');
  });

  it('holds the source while nobody reads: one chunk waits, the source is paused', async () => {
    const source = new PassThrough();
    const reader = webStreamOf(source).getReader();
    source.write('one');
    source.write('two');
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.isPaused()).toBe(true);
    expect(text([(await reader.read()).value!])).toBe('one');
    expect(text([(await reader.read()).value!])).toBe('two');
  });

  it('passes on the source failing', async () => {
    const source = new PassThrough();
    const reader = webStreamOf(source).getReader();
    source.destroy(new Error('the model hung up'));
    await expect(reader.read()).rejects.toThrow('the model hung up');
  });

  it('takes a chunk that arrives after a cancel without throwing, and destroys the source', async () => {
    const source = new PassThrough();
    const stream = webStreamOf(source);
    await stream.cancel(new Error('gone'));
    expect(source.destroyed).toBe(true);
    // what a chunk already on its way does (Readable.toWeb throws ERR_INVALID_STATE here, uncaught)
    expect(() => source.emit('data', Buffer.from('late'))).not.toThrow();
  });
});
