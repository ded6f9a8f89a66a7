import { defineArea } from '../registry';

/**
 * Image-text messages (`openArea` imagemessages): the page listing the room's messages, the focused
 * one opened beside the list with its pictures and QR code, from the `imageMessages` part
 * (docs/publishing.md).
 */
defineArea({ key: 'imagemessages', part: 'imageMessages', load: () => import('./ImageMessagesTv') });
