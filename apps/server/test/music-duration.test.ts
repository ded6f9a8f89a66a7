import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeMedia } from '../src/areas/material/media.js';
import { tuneWav } from '../src/areas/music/tone.js';
import { localDiskStorage, storageKeyFor } from '../src/files/storage.js';
import { mp3Audio } from './support/media.js';

/** The songs' length reader (MediaInfo over stored bytes) on real small audio files made here. */
const storage = localDiskStorage(mkdtempSync(join(tmpdir(), 'htv-music-')));

async function lengthOf(data: Buffer): Promise<number | null> {
  const key = storageKeyFor(randomUUID());
  await storage.put(key, data);
  return (await probeMedia(storage, key, data.length)).durationMs;
}

describe('the length of a song, read from its file', () => {
  it('reads WAV files of different lengths to the sample', async () => {
    const tune = tuneWav([[262, 1], [330, 1], [0, 0.5], [392, 1.5]], 0.5);
    expect(tune.seconds).toBeCloseTo(2, 3);
    expect(await lengthOf(tune.data)).toBe(2000);
    expect(await lengthOf(tuneWav([[440, 1]], 0.25).data)).toBe(250);
    expect(await lengthOf(tuneWav([[440, 1]], 37).data)).toBe(37_000);
  });

  it('reads constant-bitrate mp3 frames', async () => {
    // 100 frames of 1152 samples at 44.1 kHz: 2.612 s.
    expect(Math.abs((await lengthOf(mp3Audio(100)))! - 2612)).toBeLessThan(30);
  });

  it('finds no length in what is not audio', async () => {
    expect(await lengthOf(Buffer.from('no music here\n'.repeat(100)))).toBeNull();
  });
});
