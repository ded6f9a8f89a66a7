import type { Text } from '../../i18n/lang.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** The states of a library version (docs/libresource.md). */
export const LIB_VERSION_STATES = {
  pending: t('未发布', 'Not yet published'),
  published: t('已发布', 'Published'),
  cancelled: t('已取消', 'Cancelled'),
} as const satisfies Record<string, Text>;

/** The review states of a hotel's introduction item. */
export const INTRO_REVIEW_STATES = {
  review: t('审核中', 'In review'),
  pass: t('通过', 'Pass'),
  fail: t('不通过', 'Fail'),
} as const satisfies Record<string, Text>;

/** Messages of the resource-library area (spread into `messages`). */
export const libresourceMessages = {
  'libresource.titleLength': t('标题长度为2-32个字符', 'The title must be 2-32 characters'),
  'libresource.sourceIdLength': t('来源酒店ID必须为7个字符', 'The source hotel ID must be exactly 7 characters'),
  'libresource.sourceNotFound': t('来源酒店不存在或不属于本品牌', 'The source hotel does not exist or is not of your brand'),
  'libresource.targetRequired': t('请选择发送对象', 'Choose whom to send to'),
  'libresource.publishAtPast': t('定时发布时间须晚于现在', 'The publish time must be later than now'),
  'libresource.notCancellable': t('该版本已取消', 'This version is already cancelled'),
  'libresource.libraryHasVersions': t('资源库已有版本，不能删除', 'A library with versions cannot be deleted'),
  'libresource.reasonRequired': t('请填写不通过原因', 'Give the reason it fails'),
  'libresource.notInReview': t('该介绍不在审核中', 'This introduction is not in review'),
} as const satisfies Record<string, Text>;
