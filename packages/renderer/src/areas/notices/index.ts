import { defineArea } from '../registry';

/**
 * Message notices (`openArea` notices): a popup when one arrives, the launcher's `notice` slot and the
 * page listing the live notices, from the `notices` part (docs/publishing.md).
 */
defineArea({ key: 'notices', part: 'notices', slots: ['notice'], overlay: true, popup: true, load: () => import('./NoticesTv') });
