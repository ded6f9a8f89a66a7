export * from './permissions.js';
export * from './routes.js';
export * from './rules.js';
