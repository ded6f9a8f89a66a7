export * from './document.js';
export * from './messages.js';
export { themeType } from './records.js';
export * from './transfer.js';
