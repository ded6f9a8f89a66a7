import { introductionPart } from '@htv/shared/areas/introduction/device';
import { api, fileUrl } from '../../api/client';
import { addPreviewPart } from '../themes/previewParts';

type Row = Parameters<typeof introductionPart>[0][number] & { hotelId?: number | null };

/**
 * The theme previews' introductions (an `openArea` introduction block opens the TVs' page, an
 * `introduction` block draws its slot): the rows of the user's own level, as the hotel's TVs get
 * its own (the first 200 of each), pictures from the console's file addresses.
 */
addPreviewPart('introduction', async (user) => {
  const [types, items, pages] = await Promise.all(['intro-type', 'intro-item', 'intro-custom'].map((path) => api.get<{ items: Row[] }>(`/records/${path}`, { pagesize: 200 })));
  const own = (row: Row) => (row.hotelId ?? null) === (user.hotel_id ?? null);
  return introductionPart(types!.items.filter(own), items!.items.filter(own), pages!.items.filter(own), fileUrl);
});
