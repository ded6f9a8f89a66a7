// hls.js ships its light build (no DRM, subtitles or alternate audio: a third smaller) without types of its own.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
