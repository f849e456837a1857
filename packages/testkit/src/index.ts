export * from './fake-llm';
export * from './fake-llm-control';
export * from './smtp-sink';
export * from './server';
