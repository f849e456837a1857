// Client of the fake LLM's control API, for tests whose fake runs in another process (e2e, bench).
import type { FakeLlmRecord } from './fake-llm';
import type { FakeLlmReply } from './fake-llm-types';
import { controlClient } from './control-client';

export interface FakeLlmControl {
  enqueue(reply: FakeLlmReply | FakeLlmReply[]): Promise<void>;
  /** Lets the replies scripted with `hold: name` finish. */
  release(name: string): Promise<void>;
  reset(): Promise<void>;
  requests(): Promise<FakeLlmRecord[]>;
}

/** Accepts the fake's base URL with or without the trailing `/v1`. */
export function fakeLlmControl(baseUrl: string): FakeLlmControl {
  const origin = baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');

  const call = controlClient(origin, 'Fake LLM');

  return {
    enqueue: async (reply) => void (await call('POST', 'enqueue', reply)),
    release: async (name) => void (await call('POST', 'release', { name })),
    reset: async () => void (await call('POST', 'reset')),
    requests: async () => (await call('GET', 'requests')) as FakeLlmRecord[],
  };
}
