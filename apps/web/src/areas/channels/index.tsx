import { can } from '../../auth/access';
import { extendRecord } from '../../crud/extensions';
import { ImportGuideAction, ImportM3uAction } from './ImportActions';

/**
 * Channels on the generated pages (docs/channels.md): the platform's channel list imports M3U
 * playlists (with a preview) and XMLTV guides. The hotel's list and order are pages of their own
 * (`/tvlist`, `/channel_sorting`).
 */
extendRecord('channel', {
  toolbar: [
    { key: 'importM3u', visible: (s) => can(s.loginInfo, 'channel.import'), Component: ImportM3uAction },
    { key: 'importGuide', visible: (s) => can(s.loginInfo, 'channel.import'), Component: ImportGuideAction },
  ],
});
