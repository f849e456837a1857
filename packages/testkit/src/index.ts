export * from './fake-llm';
export * from './fake-llm-control';
export * from './smtp-sink';
export * from './server';
export * from './fake-oidc';
export * from './fake-oidc-control';
export * from './fake-notion';
export * from './fake-google-drive';
