import type { RecordDef } from '../record/define.js';
import { adminAccount, brandAccount, hotelAccount, permissionNode, role } from './access/records.js';
import { faq, faqCategory } from './faq/records.js';
import { brand, hotel, oemBrandShare, oemCustomer, oemLauncher, oemUser, pmsManufacturer, pmsVendor, room, subBrand, tag, hotelTag } from './tenants/records.js';
import { terminal, terminalAuthRule } from './devices/records.js';
import { material } from './material/records.js';
import { bootLogoLib, bootPolicy, contentHideRule, hotelTvMenu } from './boot/records.js';
import { themeType } from './themes/records.js';
import { app, controlUpgrade, otaPackage } from './releases/records.js';
import { trackedEvent } from './tracking/records.js';
import { tvAuthLog, tvAuthProject, tvAuthProjectModel } from './tvauth/records.js';
import { batchMachine } from './batches/records.js';
import { licence } from './licences/records.js';
import { feedback } from './feedback/records.js';
import { taskItem } from './tasks/records.js';

/**
 * Every record type of the engine. Registering a declaration here gives it its table, its API routes
 * and its list and form pages.
 */
export const records = {
  faqCategory,
  faq,
  adminAccount,
  brandAccount,
  hotelAccount,
  role,
  permissionNode,
  terminal,
  terminalAuthRule,
  tvAuthProject,
  tvAuthProjectModel,
  tvAuthLog,
  brand,
  subBrand,
  hotel,
  room,
  oemCustomer,
  oemUser,
  oemLauncher,
  oemBrandShare,
  pmsManufacturer,
  pmsVendor,
  tag,
  hotelTag,
  themeType,
  material,
  bootPolicy,
  bootLogoLib,
  contentHideRule,
  hotelTvMenu,
  batchMachine,
  licence,
  feedback,
  taskItem,
  otaPackage,
  controlUpgrade,
  app,
  trackedEvent,
} satisfies Record<string, RecordDef>;

export type RecordName = keyof typeof records;

export function recordByName(name: string): RecordDef | undefined {
  return Object.hasOwn(records, name) ? (records as Record<string, RecordDef>)[name] : undefined;
}

export function recordByPath(path: string): RecordDef | undefined {
  return Object.values(records as Record<string, RecordDef>).find((r) => r.path === path);
}
