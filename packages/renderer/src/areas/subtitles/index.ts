import { defineArea } from '../registry';

/**
 * Scrolling subtitles: a ticker along the bottom of every screen while one of the room's subtitles is
 * inside its window, from the `subtitles` part (docs/publishing.md). No page.
 */
defineArea({ key: 'subtitles', part: 'subtitles', overlay: true, load: () => import('./SubtitlesTv') });
