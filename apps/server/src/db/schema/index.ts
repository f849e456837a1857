export * from './platform';
export * from './identity';
export * from './apps';
export * from './context';
export * from './space-apps';
export * from './app-database';
export * from './money';
export * from './reach';
