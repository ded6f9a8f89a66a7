import { defineArea } from '../registry';

/**
 * Video on demand (`openArea` vod): the library the TV's sends resolve to, a film's page, its free
 * preview, buying and playing it, from the `vod` configuration part (docs/vod.md); the `vod` slot
 * blocks on the launcher. The player (hls.js, the channels' player) loads with the page, never at start.
 */
defineArea({ key: 'vod', part: 'vod', slots: ['vod'], load: () => import('./VodTv') });
