export * from './content.js';
export * from './device.js';
export * from './hide.js';
export * from './menu.js';
export * from './messages.js';
export * from './records.js';
