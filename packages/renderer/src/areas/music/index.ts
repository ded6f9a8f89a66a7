import { defineArea } from '../registry';

/**
 * The hotel's music (`openArea` music): its page, the `music` slot blocks on the launcher and the
 * "now playing" overlay, from the `music` configuration part (docs/music.md).
 */
defineArea({ key: 'music', part: 'music', slots: ['music'], overlay: true, load: () => import('./MusicTv') });
