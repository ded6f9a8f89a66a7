import { defineRecord } from '../../record/define.js';
import { choice, text } from '../../record/fields.js';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** The terminal work a task item names: what the TVs know how to do (docs/tasks.md). */
export const TASK_ACTIONS = {
  reboot: t('重启', 'Reboot'),
  refetchConfig: t('重新获取配置', 'Refetch configuration'),
  clearCache: t('清除缓存', 'Clear cache'),
  screenshot: t('截屏', 'Screenshot'),
  setVolume: t('设置音量', 'Set volume'),
  maintenance: t('维护命令', 'Maintenance command'),
} as const;
export type TaskAction = keyof typeof TASK_ACTIONS;

/**
 * Why a TV could not do a task's work: the failure code of an `unsupported` result, worded by the
 * console in its language (the TV's own reason, in English, stays beside it).
 */
export const TASK_UNSUPPORTED = {
  'unsupported.action': t('该终端不支持此动作', 'This TV does not support this action'),
  'unsupported.screenshot': t('浏览器电视不能截屏：网页未经观看者同意无法读取屏幕画面', 'The browser TV cannot take screenshots: a web page may not read the screen without the viewer’s consent'),
  'unsupported.command': t('该终端没有此维护命令', 'This TV has no maintenance command of this name'),
} as const;
export type TaskUnsupportedCode = keyof typeof TASK_UNSUPPORTED;

/**
 * Task items (spec §2 /task/item): a named kind of terminal work with its parameter (the volume for
 * `setVolume`, the command's name for `maintenance`). Tasks apply an item to terminals (/task/list).
 */
export const taskItem = defineRecord({
  name: 'taskItem',
  label: t('任务项', 'Task item'),
  scope: 'platform',
  userTypes: [1],
  permission: 'taskItem',
  path: 'task-items',
  table: 'task_items',
  titleField: 'name',
  columns: ['name', 'action', 'parameter', 'remarks', 'createdAt'],
  fields: {
    name: text({ label: t('名称', 'Name'), required: true, max: 40, search: true }),
    action: choice({ label: t('动作', 'Action'), options: TASK_ACTIONS, required: true, filter: true }),
    parameter: text({
      label: t('参数', 'Parameter'),
      max: 60,
      help: t('设置音量：0-100；维护命令：命令名称', 'Set volume: 0-100; maintenance command: the command name'),
    }),
    remarks: text({ label: t('备注', 'Remarks'), max: 200 }),
  },
});
