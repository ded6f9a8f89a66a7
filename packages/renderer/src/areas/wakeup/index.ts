import { defineArea } from '../registry';

/**
 * Wake-up calls (docs/wakeup.md): the alarm over every screen while a call of the room rings, and the
 * guest's page (`openArea` wakeup) to set or cancel their own calls, from the `wakeup` part.
 */
defineArea({ key: 'wakeup', part: 'wakeup', overlay: true, load: () => import('./WakeUpTv') });
