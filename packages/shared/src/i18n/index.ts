export * from './lang.js';
export * from './messages.js';
export * from './translate.js';
