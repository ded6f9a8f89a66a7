import { defineBlockRenderer } from '../registry';
import { AppBlockView, SlotBlockView, WebBlockView } from './launch';
import { ImageBlockView, VideoBlockView } from './media';
import { QrBlockView } from './qr';
import { ClockBlockView, TextBlockView, WeatherBlockView } from './text';

/** The core's block types; areas register theirs beside these. */
defineBlockRenderer('image', ImageBlockView);
defineBlockRenderer('video', VideoBlockView);
defineBlockRenderer('text', TextBlockView);
defineBlockRenderer('clock', ClockBlockView);
defineBlockRenderer('weather', WeatherBlockView);
defineBlockRenderer('qrCode', QrBlockView);
defineBlockRenderer('app', AppBlockView);
defineBlockRenderer('webPage', WebBlockView);
for (const slot of ['notice', 'subtitle', 'shop', 'vod', 'introduction', 'music']) defineBlockRenderer(slot, SlotBlockView);
