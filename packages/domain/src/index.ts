export * from './errors';
export * from './constants';
export * from './auth';
export * from './apps';
export * from './prompt';
export * from './format';
export * from './plans';
export * from './redirect';
