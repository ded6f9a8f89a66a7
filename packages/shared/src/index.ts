export * from './i18n/index.js';
export * from './errors.js';
export * from './record/define.js';
export * from './record/fields.js';
export * from './record/query.js';
export * from './record/uploads.js';
export * from './record/validation.js';
export * from './records/index.js';
