export * from './core.js';
export { recordTables, recordTable, type RecordTable } from './records.js';
export * from '../../areas/devices/schema.js';
export * from '../../areas/oem/schema.js';
export * from '../../areas/dashboard/schema.js';
export * from '../../areas/material/schema.js';
export * from '../../areas/themes/schema.js';
export * from '../../areas/tracking/schema.js';
export * from '../../areas/settlement/schema.js';
