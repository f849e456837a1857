/**
 * Calls `/__fake/<path>` on a fake server running in another process (e2e, bench); a refusal throws with the
 * fake's answer. `name` only labels the error.
 */
export function controlClient(origin: string, name: string) {
  return async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${origin}/__fake/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${name} control ${path} failed: ${response.status} ${await response.text()}`);
    return response.json();
  };
}
