import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { recordTables } from '../../db/schema/index.js';
import { storeGeneratedFile } from '../../files/generated.js';
import type { Storage } from '../../files/storage.js';
import { tuneWav, type Tune } from './tone.js';

const C = 262, D = 294, E = 330, F = 349, G = 392, A = 440;

const TWINKLE: Tune = [[C, 1], [C, 1], [G, 1], [G, 1], [A, 1], [A, 1], [G, 2], [F, 1], [F, 1], [E, 1], [E, 1], [D, 1], [D, 1], [C, 2]];
const ODE: Tune = [[E, 1], [E, 1], [F, 1], [G, 1], [G, 1], [F, 1], [E, 1], [D, 1], [C, 1], [C, 1], [D, 1], [E, 1], [E, 1.5], [D, 0.5], [D, 2]];

const COVER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f5a623"/><stop offset="1" stop-color="#8a4fd1"/></linearGradient></defs>
<rect width="320" height="320" fill="url(#g)"/><circle cx="160" cy="160" r="96" fill="#14233d"/><circle cx="160" cy="160" r="22" fill="#f5a623"/></svg>`;

/**
 * The demo hotel's music: one album with a cover and two short tunes, made at seed time (a few
 * hundred KB in storage, nothing in the repository).
 */
export async function seedDemoMusic(tx: Db, storage: Storage, owner: { brandId: number; hotelId: number; userId: number }): Promise<void> {
  const { brandId, hotelId, userId } = owner;
  const store = (data: Buffer, name: string, mime: string, rule: string, size: number | null = null) =>
    storeGeneratedFile(tx, storage, { data, name, mime, rule, width: size, height: size, brandId, hotelId, uploadedBy: userId });
  const coverId = await store(await sharp(Buffer.from(COVER_SVG)).png().toBuffer(), 'cover.png', 'image/png', 'musicCover', 320);
  const [album] = await tx
    .insert(recordTables.musicAlbum!)
    .values({ name: '轻松时光', nameEn: 'Easy Hours', nameTw: '輕鬆時光', coverId, sort: 10, brandId, hotelId, createdBy: userId })
    .returning({ id: recordTables.musicAlbum!.id });
  const songs = [
    { name: '小星星', singer: '朝阳乐队', tune: TWINKLE, sort: 2 },
    { name: '欢乐颂', singer: '朝阳乐队', tune: ODE, sort: 1 },
  ];
  for (const song of songs) {
    const wav = tuneWav(song.tune, 0.45);
    const fileId = await store(wav.data, `${song.name}.wav`, 'audio/wav', 'musicFile');
    const duration = Math.round(wav.seconds);
    await tx.insert(recordTables.musicSong!).values({ name: song.name, singer: song.singer, albumId: album!.id, fileId, duration, sort: song.sort, brandId, hotelId, createdBy: userId });
  }
}
