import { defineBlockRenderer } from '../registry';
import '../blocks/index';
import { AreaSlotView } from './host';
import { areaSlots } from './registry';
// Each area registers itself here, one line per area (docs/tv.md, "Areas").
import './faq/index';
import './music/index';
import './introduction/index';
import './weather/index';
import './exchange/index';
import './screensaver/index';
import './wakeup/index';
import './shop/index';
import './laundry/index';
import './guestmessages/index';
import './notices/index';
import './subtitles/index';
import './voice/index';
import './channels/index';
import './imagemessages/index';
import './questionnaires/index';
import './vod/index';
import './rcu/index';
import './pictureframe/index';
import './survey/index';
import './digitalwall/index';

// After the core's placeholders: a registered area's slot blocks are drawn by the area.
for (const type of areaSlots()) defineBlockRenderer(type, AreaSlotView);

export { AreaDeviceProvider, AreaOverlays, AreaPartsProvider, AreaScreen, isTyping, useAreaBack, useAreaDevice, useAreaReport, useRemote, type AreaReport, type AreaScreenProps, type RemoteKey } from './host';
export { areaAvailable, areaOf, areaWords, defineArea, type AreaCode, type AreaDeclaration, type AreaDevice, type AreaOverlayProps, type AreaPageProps, type AreaSlotProps } from './registry';
