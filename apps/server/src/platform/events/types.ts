/** Fan-out messages between parts of the server (and across instances), e.g. job status for SSE (architecture §2). */
export type EventHandler = (payload: unknown) => void;

export interface Events {
  readonly kind: 'in-process' | 'redis';
  /** Payloads travel as JSON: handlers receive a copy, never the published object. */
  publish(channel: string, payload: unknown): Promise<void>;
  /** Resolves once messages are being received; the returned function unsubscribes this handler. */
  subscribe(channel: string, handler: EventHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
