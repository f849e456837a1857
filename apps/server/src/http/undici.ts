import type * as UndiciModule from 'undici';

/**
 * undici's own API (its `Agent`, `Pool` and `request`, for the web importer's and the server functions' guarded
 * agents and the model calls' pools), loaded on first use and only after Node's built-in fetch.
 *
 * Whichever undici loads first puts its `Agent` in the process's global dispatcher, the one every plain `fetch`
 * runs on. Loaded at start-up, undici 7 took that place from Node's own, and its
 * agent reconnects twice after each cancelled model call where Node's reconnects once (decision 0005, "Speed").
 * Reading `Headers` loads Node's fetch, which sets its own agent there first; undici then leaves it be.
 */
export function loadUndici(): Promise<typeof UndiciModule> {
  void globalThis.Headers;
  return import('undici');
}
