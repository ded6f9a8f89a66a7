export * from './lang.js';
export * from './messages.js';
export * from './translate.js';
export { TV_AUTH_REASONS, type TvAuthReason } from '../areas/tvauth/messages.js';
