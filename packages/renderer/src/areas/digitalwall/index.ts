import { defineArea } from '../registry';

/**
 * The digital wall: a public-area TV plays its hotel's playlist full screen over every screen, from
 * the `digitalWall` part, which only public-area TVs get (docs/digitalwall.md). No page.
 */
defineArea({ key: 'digitalwall', part: 'digitalWall', overlay: true, load: () => import('./DigitalWallTv') });
