import { defineArea } from '../registry';

/**
 * The voice assistant (`openArea` voice, or the remote's voice key on the browser TV): the page where
 * the guest speaks (types) and hears the answer, and an overlay with the state of the room's latest
 * service call, from the `voice` configuration part (docs/voice.md).
 */
defineArea({ key: 'voice', part: 'voice', overlay: true, load: () => import('./VoiceTv') });
