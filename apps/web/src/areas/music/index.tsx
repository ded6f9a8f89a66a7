import { musicPart } from '@htv/shared/areas/music/device';
import { Form } from 'antd';
import { api, fileUrl } from '../../api/client';
import { FileAudio } from '../../crud/columns';
import { extendRecord, type FieldAddonProps } from '../../crud/extensions';
import { addPreviewPart } from '../themes/previewParts';

type Rows<R> = { items: R[] };
type Owned = { hotelId?: number | null };

/**
 * The theme previews' music (an `openArea` music block opens the TVs' music page, a `music` block
 * draws its slot): the rows of the user's own level, as the hotel's TVs get its own (the first 200 of
 * each), playing the files from the console's file addresses.
 */
addPreviewPart('music', async (user) => {
  const [albums, songs] = await Promise.all([
    api.get<Rows<Parameters<typeof musicPart>[0][number] & Owned>>('/records/music-album', { pagesize: 200 }),
    api.get<Rows<Parameters<typeof musicPart>[1][number] & Owned>>('/records/music-song', { pagesize: 200 }),
  ]);
  const own = (row: Owned) => (row.hotelId ?? null) === (user.hotel_id ?? null);
  return musicPart(albums.items.filter(own), songs.items.filter(own), fileUrl);
});

/** Under the song form's file: the chosen file in a small player, to hear it before saving. */
function SongPreview({ name }: FieldAddonProps) {
  const fileId = Form.useWatch(name) as string | undefined;
  return fileId ? <FileAudio id={fileId} testId="music-song-preview" /> : null;
}

extendRecord('musicSong', { fieldAddons: [{ field: 'fileId', Component: SongPreview }] });
