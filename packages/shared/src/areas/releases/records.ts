import type { Text } from '../../i18n/lang.js';
import { defineRecord } from '../../record/define.js';
import { bool, choice, file, files, int, text } from '../../record/fields.js';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

/** Core platforms an app runs on (spec part 2 §3). */
export const CORE_PLATFORMS = ['T972', 'T920', 'M838P', 'T963'] as const;
const PLATFORM_LIST = new RegExp(`^(${CORE_PLATFORMS.join('|')})(,(${CORE_PLATFORMS.join('|')}))*$`);
/** A Java package name: dot-separated identifiers. */
export const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

/**
 * OTA firmware (spec part 1 §3 "OTA package"): name, model, compatible models, remark; the file is
 * streamed to storage (md5 and sha256 computed while it streams). Size, md5 and sha256 are copied from
 * the stored file; the URL is the file's address.
 */
export const otaPackage = defineRecord({
  name: 'otaPackage',
  label: t('OTA包', 'OTA package'),
  scope: 'platform',
  userTypes: [1],
  permission: 'ota',
  path: 'ota-packages',
  table: 'ota_packages',
  titleField: 'name',
  fields: {
    name: text({ label: t('名称', 'Name'), required: true, min: 2, max: 50, search: true, sort: true }),
    version: text({ label: t('版本', 'Version'), required: true, max: 64, search: true }),
    model: text({ label: t('型号', 'Model'), required: true, max: 50, filter: true }),
    compatibleModels: text({ label: t('兼容型号', 'Compatible models'), max: 500, help: t('多个型号用逗号分隔', 'Separate models with commas') }),
    remark: text({ label: t('备注', 'Remark'), max: 200, multiline: true }),
    fileId: file({ label: t('固件文件', 'Firmware file'), upload: 'otaFirmware', required: true }),
    size: int({ label: t('大小(字节)', 'Size (bytes)'), readOnly: true }),
    md5: text({ label: t('MD5', 'MD5'), max: 32, readOnly: true }),
    sha256: text({ label: t('SHA-256', 'SHA-256'), max: 64, readOnly: true, list: false }),
  },
  columns: ['name', 'version', 'model', 'compatibleModels', 'size', 'md5', 'createdAt'],
});

/** Control upgrades (spec part 1 §3): version code, version name and the package. */
export const controlUpgrade = defineRecord({
  name: 'controlUpgrade',
  label: t('控制升级包', 'Control upgrade'),
  scope: 'platform',
  userTypes: [1],
  permission: 'controlUpgrade',
  path: 'control-upgrades',
  table: 'control_upgrades',
  titleField: 'versionName',
  fields: {
    versionName: text({ label: t('版本名称', 'Version name'), required: true, max: 64, search: true }),
    versionCode: int({ label: t('版本号', 'Version code'), required: true, min: 1, sort: true }),
    fileId: file({ label: t('升级包', 'Package'), upload: 'apk', required: true }),
    size: int({ label: t('大小(字节)', 'Size (bytes)'), readOnly: true }),
    md5: text({ label: t('MD5', 'MD5'), max: 32, readOnly: true }),
  },
});

export const APP_TYPES = { '1': t('自研', 'Self-developed'), '2': t('第三方', 'Third party') } as const;
export const APK_KINDS = { real: t('真实APK', 'Real APK'), virtual: t('虚拟APK', 'Virtual APK') } as const;
export const VERSION_TYPES = { '1': t('标准版', 'Standard'), '2': t('定制版', 'Custom') } as const;
export const DISTRIBUTIONS = { official: t('正式', 'Official'), trial: t('部分试用', 'Partial trial') } as const;
/** What the form confirms when an uploaded APK changes the app's version (never stored). */
export const VERSION_CONFIRMS = { upgrade: t('确认升级', 'Confirm upgrade'), downgrade: t('确认降级', 'Confirm downgrade') } as const;

/**
 * Apps (spec part 2 §3, §5, §9): the platform's (/all_app/list, offered to every hotel or to chosen
 * brands and hotels) and each hotel's own (/hotelapp/list). An uploaded APK is read from the file
 * itself (package, versions, launch activity, icon): its package must be the app's, a version change
 * needs the form's confirmation, the same file twice is refused.
 */
export const app = defineRecord({
  name: 'app',
  label: t('应用', 'App'),
  scope: 'tenant',
  userTypes: [1, 3],
  permission: 'app',
  path: 'apps',
  table: 'apps',
  titleField: 'name',
  fields: {
    name: text({ label: t('应用名称', 'Name'), required: true, min: 2, max: 20, search: true, sort: true }),
    packageName: text({ label: t('包名', 'Package'), min: 2, max: 60, search: true, pattern: { regex: PACKAGE_NAME, message: 'app.packageFormat' }, help: t('上传APK时从文件读取', 'Read from the APK when one is uploaded') }),
    apkKind: choice({ label: t('APK类型', 'APK kind'), options: APK_KINDS, default: 'real', filter: true }),
    apkFileId: file({ label: t('APK文件', 'APK file'), upload: 'apk', requiredWhen: { field: 'apkKind', in: ['real'] } }),
    versionConfirm: choice({ label: t('版本变更确认', 'Version change'), options: VERSION_CONFIRMS, writeOnly: true, list: false }),
    launchParam: text({ label: t('启动参数', 'Launch parameter'), min: 2, max: 200, list: false }),
    versionName: text({ label: t('版本名称', 'Version name'), max: 64 }),
    versionCode: int({ label: t('版本号', 'Version code'), min: 1, sort: true }),
    size: int({ label: t('文件大小(字节)', 'File size (bytes)'), readOnly: true }),
    md5: text({ label: t('MD5', 'MD5'), max: 32, readOnly: true, list: false }),
    iconFileId: file({ label: t('图标', 'Icon'), upload: 'appIcon', readOnly: true, list: true }),
    icon: text({ label: t('图标资源', 'Icon resource'), max: 200, readOnly: true, list: false }),
    appType: choice({ label: t('应用类型', 'Type'), options: APP_TYPES, default: '2', filter: true }),
    autoUpgrade: bool({ label: t('自动升级', 'Auto upgrade'), default: false }),
    backgrounds: files({ label: t('背景图', 'Background images'), upload: 'appBackground', max: 5 }),
    rotationSeconds: int({ label: t('轮播时间(秒)', 'Rotation (s)'), min: 5, max: 30, list: false }),
    playSeconds: int({ label: t('播放时间(秒)', 'Play time (s)'), min: 0, max: 86_400, list: false }),
    versionType: choice({ label: t('版本类型', 'Version type'), options: VERSION_TYPES, default: '1', filter: true }),
    supportDowngrade: bool({ label: t('支持降级', 'Supports downgrading'), default: false }),
    corePlatforms: text({ label: t('核心平台', 'Core platforms'), max: 40, pattern: { regex: PLATFORM_LIST, message: 'app.corePlatforms' }, help: t('T972、T920、M838P、T963，逗号分隔', 'T972, T920, M838P, T963, separated by commas') }),
    selfStart: bool({ label: t('自启动服务', 'Self-start service'), default: false, list: false }),
    serviceClass: text({ label: t('服务类名', 'Service class name'), min: 2, max: 200, list: false, requiredWhen: { field: 'selfStart', in: [true] } }),
    distribution: choice({ label: t('发布方式', 'Distribution'), options: DISTRIBUTIONS, default: 'official', filter: true }),
  },
  columns: ['iconFileId', 'name', 'packageName', 'versionName', 'versionCode', 'size', 'appType', 'distribution', 'createdAt'],
});
