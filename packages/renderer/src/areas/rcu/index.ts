import { defineArea } from '../registry';

/**
 * Room control (docs/rcu.md): the page of the room's devices (`openArea` rcu) and, over every
 * screen, the do-not-disturb sign that holds the popups back, from the `rcu` part.
 */
defineArea({ key: 'rcu', part: 'rcu', overlay: true, load: () => import('./RcuTv') });

/**
 * Control-link materials (docs/rcu.md): over every screen, the hotel's picture or video of a scene
 * the room's control reports (the lights all switched off, do-not-disturb set), from the
 * `controlLink` part and the room states the rcu overlay reads.
 */
defineArea({ key: 'controlLink', part: 'controlLink', overlay: true, load: () => import('./ControlLinkTv') });
