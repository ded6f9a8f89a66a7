import { can } from '../../auth/access';
import { extendRecord } from '../../crud/extensions';
import { HistoryAction } from './HistoryAction';
import { WakeGroupAction } from './WakeGroupAction';

/**
 * Wake-up calls on the generated pages (docs/wakeup.md): each call's history of states, and waking a
 * group's rooms with one wake-up. The settings are their own screen (/wakeup/config).
 */
extendRecord('wakeUpCall', { rowActions: [{ key: 'history', Component: HistoryAction }] });
extendRecord('wakeUpGroup', { rowActions: [{ key: 'wake', visible: (s) => can(s.loginInfo, 'wakeupGroup.wake'), Component: WakeGroupAction }] });
