import { defineArea } from '../registry';

/**
 * Room control (docs/rcu.md): the page of the room's devices (`openArea` rcu) and, over every
 * screen, the do-not-disturb sign that holds the popups back, from the `rcu` part.
 */
defineArea({ key: 'rcu', part: 'rcu', overlay: true, load: () => import('./RcuTv') });
