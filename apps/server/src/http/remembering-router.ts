import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/** The most answers kept; all are dropped when it is reached, and kept again as requests come. */
export const REMEMBERED_MATCHES = 5_000;
/** A longer path is matched every time (a scanner's paths are not worth keeping). */
const REMEMBERED_PATH_MAX = 256;

/**
 * Hono's TrieRouter with the answers it gave kept by method and path. Our route table mixes static and parameter
 * segments at one level (`/api/apps/new` beside `/api/apps/:appId`), which Hono's RegExpRouter refuses, so every
 * request walked the trie (about 4 % of a light request's CPU); the same app's page, account or save is asked many
 * times. An answer is the matched handlers with the path's params, which Hono only reads (RegExpRouter shares its
 * static answers the same way). Adding a route forgets every answer. Decision 0005-house-order/speed.md, "Session 28".
 */
export class RememberingRouter<T> implements Router<T> {
  readonly name = 'RememberingRouter';
  readonly #trie = new TrieRouter<T>();
  readonly #known = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#trie.add(method, path, handler);
    this.#known.clear();
  }

  match(method: string, path: string): Result<T> {
    if (path.length > REMEMBERED_PATH_MAX) return this.#trie.match(method, path);
    const key = `${method} ${path}`;
    let answer = this.#known.get(key);
    if (answer === undefined) {
      answer = this.#trie.match(method, path);
      if (this.#known.size >= REMEMBERED_MATCHES) this.#known.clear();
      this.#known.set(key, answer);
    }
    return answer;
  }

  /** How many answers are kept (for tests). */
  get size(): number {
    return this.#known.size;
  }
}
