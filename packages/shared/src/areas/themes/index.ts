export * from './document.js';
export * from './messages.js';
export * from './sends.js';
export { themeType } from './records.js';
export * from './transfer.js';
export * from './ui.js';
