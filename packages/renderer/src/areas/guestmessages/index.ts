import { defineArea } from '../registry';

/**
 * Guest messages (`openArea` guestmessages): the badge and the "new message" prompt over every screen,
 * the message read full screen, and the page listing the room's messages, from the `guestMessages`
 * part (docs/publishing.md).
 */
defineArea({ key: 'guestmessages', part: 'guestMessages', overlay: true, popup: true, load: () => import('./GuestMessagesTv') });
