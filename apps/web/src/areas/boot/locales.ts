import type { Lang } from '@htv/shared';
import { useTexts } from '../../locales';

/** UI strings of boot settings. */
const zh = {
  copy: '复制',
  copied: '已复制为「{{name}}」',
  content: '设置内容',
  pickFromLibrary: '从开机素材库选择',
  libraryEmpty: '开机素材库为空',
  edit: '编辑',
  part: '文件',
  size: '大小',
  pixels: '分辨率',
  none: '未设置',
  inUse: '在用',
  notInUse: '未使用',
  applies: '生效方式',
  bootTab: '开机设置',
  policy: '开机策略',
  noPolicy: '没有适用的开机策略',
  whyTitle: '为何使用该策略',
  winner: '生效中',
  outranked: '被覆盖',
  source: '来源',
  sourceMac: '指定MAC',
  sourceHotel: '酒店',
  sourceBrand: '品牌',
  sourcePlatform: '平台默认',
  hidden: '开机隐藏的内容',
  noneHidden: '无',
  tasks: '下载任务',
  state: '状态',
  reason: '原因',
  updatedAt: '更新时间',
  downloading: '下载中',
  success: '成功',
  failed: '失败',
};
type Messages = typeof zh;
const en: Messages = {
  copy: 'Copy',
  copied: 'Copied as "{{name}}"',
  content: 'Contents',
  pickFromLibrary: 'Pick from the boot-logo library',
  libraryEmpty: 'The boot-logo library is empty',
  edit: 'Edit',
  part: 'File',
  size: 'Size',
  pixels: 'Resolution',
  none: 'Not set',
  inUse: 'In use',
  notInUse: 'Not in use',
  applies: 'Applies',
  bootTab: 'Boot',
  policy: 'Boot policy',
  noPolicy: 'No boot policy applies',
  whyTitle: 'Why this policy',
  winner: 'In effect',
  outranked: 'Outranked',
  source: 'Source',
  sourceMac: 'Its MAC',
  sourceHotel: 'Hotel',
  sourceBrand: 'Brand',
  sourcePlatform: 'Platform default',
  hidden: 'Content hidden at boot',
  noneHidden: 'None',
  tasks: 'Download tasks',
  state: 'State',
  reason: 'Reason',
  updatedAt: 'Updated',
  downloading: 'Downloading',
  success: 'Success',
  failed: 'Failed',
};

export const BOOT_UI: Record<Lang, Messages> = { 'zh-CN': zh, 'en-US': en };

/** `b('key', {vars})` in the current language. */
export function useBootText() {
  return useTexts(BOOT_UI);
}
