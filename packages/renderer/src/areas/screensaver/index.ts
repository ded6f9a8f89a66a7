import { defineArea } from '../registry';

/**
 * The screensaver (docs/screensaver.md): an overlay that watches the remote and, after the hotel's
 * idle time, shows its photos as a slideshow until a key is pressed; from the `screensaver` part.
 */
defineArea({ key: 'screensaver', part: 'screensaver', overlay: true, load: () => import('./ScreensaverTv') });
