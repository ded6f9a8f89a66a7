/// <reference path="./hls-light.d.ts" />
/**
 * Plays a stream address in a `<video>`: HLS through hls.js (its light build) wherever Media Source
 * Extensions exist, loaded in a chunk of its own the first time an HLS channel plays (one player
 * with one error model on every browser), natively where they do not (older WebViews, iOS Safari);
 * MP4 and anything else natively. `stop` releases the stream before the next channel starts.
 */
export interface Playback {
  stop(): void;
}

type HlsModule = typeof import('hls.js/light');
let hlsModule: Promise<HlsModule> | null = null;
const loadHls = () => (hlsModule ??= import('hls.js/light').catch((error: unknown) => ((hlsModule = null), Promise.reject(error))));

const isHls = (url: string) => /\.m3u8(\?|#|$)/i.test(url);

/** Starts playing; a muted start when the browser refuses sound without a gesture. */
function start(video: HTMLVideoElement) {
  video.play().catch((error: unknown) => {
    if ((error as { name?: string }).name !== 'NotAllowedError') return;
    video.muted = true;
    void video.play().catch(() => undefined);
  });
}

/** Plays `url` in `video`; `onError` is told once when the stream cannot be played. */
export function play(video: HTMLVideoElement, url: string, onError: () => void): Playback {
  let stopped = false;
  let failed = false;
  const fail = () => {
    if (stopped || failed) return;
    failed = true;
    onError();
  };
  const onVideoError = () => fail();
  video.addEventListener('error', onVideoError);
  let release = () => undefined as void;
  const mse = typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
  if (!isHls(url) || (!mse && video.canPlayType('application/vnd.apple.mpegurl'))) {
    video.src = url;
    start(video);
  } else {
    loadHls().then(
      ({ default: Hls }) => {
        if (stopped) return;
        if (!Hls.isSupported()) return fail();
        const hls = new Hls({ enableWorker: false, lowLatencyMode: false, maxBufferLength: 10, startLevel: 0 });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) fail();
        });
        hls.on(Hls.Events.MANIFEST_PARSED, () => start(video));
        hls.loadSource(url);
        hls.attachMedia(video);
        release = () => hls.destroy();
      },
      () => fail(),
    );
  }
  return {
    stop() {
      stopped = true;
      video.removeEventListener('error', onVideoError);
      release();
      video.removeAttribute('src');
      video.load();
    },
  };
}
