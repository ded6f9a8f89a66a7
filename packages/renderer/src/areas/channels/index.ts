import { defineArea } from '../registry';

/**
 * Live TV (`openArea` channels): the hotel's channels playing full screen, from the `channels`
 * configuration part (docs/channels.md). A hotel without the channel feature sends no part, and the
 * area is then not available on its TVs.
 */
defineArea({ key: 'channels', part: 'channels', partRequired: true, load: () => import('./ChannelsTv') });
