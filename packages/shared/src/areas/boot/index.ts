export * from './content.js';
export * from './device.js';
export * from './messages.js';
export * from './records.js';
