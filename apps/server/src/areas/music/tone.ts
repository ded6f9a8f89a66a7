/** Notes of a tune: a frequency in Hz (0: a rest) held for a number of beats. */
export type Tune = readonly (readonly [hz: number, beats: number])[];

const SAMPLE_RATE = 11_025;

/**
 * A tune as a WAV file (8-bit mono PCM, 11 kHz: about 11 KB a second), each note a soft-edged sine:
 * real, playable audio made without an encoder, for the demo hotel's songs and the tests. Answers
 * the file and its length in seconds.
 */
export function tuneWav(tune: Tune, beatSeconds = 0.3): { data: Buffer; seconds: number } {
  const counts = tune.map(([, beats]) => Math.round(beats * beatSeconds * SAMPLE_RATE));
  const samples = counts.reduce((sum, n) => sum + n, 0);
  const wav = Buffer.alloc(44 + samples);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE, 28); // bytes a second
  wav.writeUInt16LE(1, 32); // block size
  wav.writeUInt16LE(8, 34); // bits a sample
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples, 40);
  let at = 44;
  tune.forEach(([hz], note) => {
    const n = counts[note]!;
    const edge = Math.min(n / 2, SAMPLE_RATE * 0.02);
    for (let i = 0; i < n; i++) {
      const envelope = Math.min(1, i / edge, (n - i) / edge);
      wav[at++] = 128 + Math.round(hz ? 90 * envelope * Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE) : 0);
    }
  });
  return { data: wav, seconds: samples / SAMPLE_RATE };
}

