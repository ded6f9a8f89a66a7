export * from './core.js';
export { recordTables, recordTable, type RecordTable } from './records.js';
export * from './terminals.js';
export * from './oem.js';
export * from '../../areas/dashboard/schema.js';
