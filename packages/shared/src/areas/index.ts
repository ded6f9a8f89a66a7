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
import { pmsLog, stay, tourGroup } from './pms/records.js';
import { musicAlbum, musicSong } from './music/records.js';
import { introCustom, introItem, introType } from './introduction/records.js';
import { weatherCity } from './weather/records.js';
import { exchangeRate } from './exchange/records.js';
import { screensaverPhoto } from './screensaver/records.js';
import { controlLinkMaterial } from './rcu/records.js';
import { wakeUpCall, wakeUpGroup } from './wakeup/records.js';
import { shopBanner, shopCategory, shopGoods, shopOrder } from './shop/records.js';
import { washingMachine } from './laundry/records.js';
import { guestMessage } from './guestmessages/records.js';
import { messageNotice } from './notices/records.js';
import { subtitle } from './subtitles/records.js';
import { aiGoods, aiInfo, aiInstruction, aiIntent, aiIntentSet, aiServiceCall, aiTts } from './voice/records.js';
import { channel, hotelChannel } from './channels/records.js';
import { imageMessage } from './imagemessages/records.js';
import { questionnaire, questionnaireOption } from './questionnaires/records.js';
import { vodAccount, vodBill, vodChoose, vodHotelSetting, vodMovie, vodOrder, vodProject, vodPromotion, vodRecommend, vodSend } from './vod/records.js';
import { tvCode } from './tvcode/records.js';
import { pictureFrame } from './pictureframe/records.js';
import { hotelSurvey } from './hotelsurvey/records.js';
import { digitalWallItem } from './digitalwall/records.js';

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
  washingMachine,
  taskItem,
  otaPackage,
  controlUpgrade,
  app,
  trackedEvent,
  stay,
  pmsLog,
  tourGroup,
  musicAlbum,
  musicSong,
  introType,
  introItem,
  introCustom,
  weatherCity,
  exchangeRate,
  screensaverPhoto,
  controlLinkMaterial,
  wakeUpGroup,
  wakeUpCall,
  shopBanner,
  shopCategory,
  shopGoods,
  shopOrder,
  guestMessage,
  messageNotice,
  subtitle,
  aiIntentSet,
  aiIntent,
  aiInstruction,
  aiGoods,
  aiServiceCall,
  aiTts,
  aiInfo,
  channel,
  hotelChannel,
  imageMessage,
  questionnaire,
  questionnaireOption,
  vodMovie,
  vodChoose,
  vodRecommend,
  vodPromotion,
  vodSend,
  vodOrder,
  vodHotelSetting,
  vodAccount,
  vodProject,
  vodBill,
  tvCode,
  pictureFrame,
  hotelSurvey,
  digitalWallItem,
} satisfies Record<string, RecordDef>;

export type RecordName = keyof typeof records;

export function recordByName(name: string): RecordDef | undefined {
  return Object.hasOwn(records, name) ? (records as Record<string, RecordDef>)[name] : undefined;
}

export function recordByPath(path: string): RecordDef | undefined {
  return Object.values(records as Record<string, RecordDef>).find((r) => r.path === path);
}
