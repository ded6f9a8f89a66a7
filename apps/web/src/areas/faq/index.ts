import { faqPart } from '@htv/shared/areas/faq/device';
import { api } from '../../api/client';
import { addPreviewPart } from '../themes/previewParts';

type Rows<R> = { items: R[] };
type Owned = { hotelId?: number | null };

/**
 * The theme previews' FAQ (an `openArea` faq block opens the TVs' FAQ page): the rows of the user's
 * own level, as the hotel's TVs get its own (the first 200 of each).
 */
addPreviewPart('faq', async (user) => {
  const [categories, entries] = await Promise.all([
    api.get<Rows<Parameters<typeof faqPart>[0][number] & Owned>>('/records/faq-category', { pagesize: 200 }),
    api.get<Rows<Parameters<typeof faqPart>[1][number] & Owned>>('/records/faq', { pagesize: 200, enabled: true }),
  ]);
  const own = (row: Owned) => (row.hotelId ?? null) === (user.hotel_id ?? null);
  return faqPart(categories.items.filter(own), entries.items.filter(own));
});
