import type { Text } from '../i18n/lang.js';

/**
 * Upload rules: what a file field accepts. The server checks each by content (magic bytes and the
 * real pixel size), never by the name's extension; the web upload control mirrors them.
 */
export type FileType =
  | 'jpeg' | 'png' | 'gif' | 'bmp' | 'webp'
  | 'mp4' | 'avi' | 'mov' | 'ogg' | 'flv' | 'rmvb' | 'ts'
  | 'mp3' | 'aac' | 'm4a' | 'wav' | 'flac'
  | 'ttf' | 'otf' | 'woff' | 'woff2'
  | 'zip' | 'apk' | 'xlsx' | 'raw';

/** Image types: their pixel size is read from the content and checked against the rule. */
export const IMAGE_TYPES: readonly FileType[] = ['jpeg', 'png', 'gif', 'bmp', 'webp'];

export interface UploadRule {
  /** Content types accepted; `raw` accepts content of no recognised type (headerless pixel data). */
  types: readonly FileType[];
  maxBytes: number;
  /** Exact pixel sizes allowed (any one of them). */
  dimensions?: readonly { width: number; height: number }[];
  /** Width:height the image must have, e.g. [16, 9]; one pixel of rounding is tolerated. */
  ratio?: readonly [number, number];
  /** Upload messages speak of "pictures" for image rules. */
  image?: boolean;
  /** Audio: lists show a small player for it. */
  audio?: boolean;
  /** Bounds of what a zip-based file (zip, apk, xlsx) unpacks to; required by rules accepting one. */
  archive?: ArchiveLimits;
  /** Files the server makes itself (thumbnails): `POST /api/files` refuses the rule. */
  serverOnly?: boolean;
}

/**
 * What an archive may hold, checked on its central directory before anything is inflated and again
 * while inflating (a directory may lie).
 */
export interface ArchiveLimits {
  maxEntries: number;
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: number;
  /** Uncompressed : compressed, of an entry and of the whole file, once past ARCHIVE_RATIO_GRACE bytes. */
  maxRatio: number;
}

/** Below this many uncompressed bytes the ratio is not checked: small text compresses very well. */
export const ARCHIVE_RATIO_GRACE = 1024 * 1024;

const KB = 1024;
const MB = 1024 * KB;

const VIDEO_TYPES = ['mp4', 'avi', 'mov', 'ogg', 'flv', 'rmvb'] as const;
const BOOT_LOGO_SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;

export const uploadRules = {
  faqImage: { types: ['png', 'jpeg', 'gif'], maxBytes: 5 * MB, image: true },
  faqVideo: { types: VIDEO_TYPES, maxBytes: 50 * MB },
  feedbackImage: { types: ['jpeg', 'png'], maxBytes: 3 * MB, image: true },
  /** Intro images: 16:9, 5M or 8M depending on the form. */
  introImage: { types: ['jpeg', 'png'], maxBytes: 5 * MB, ratio: [16, 9], image: true },
  /** An introduction type's icon. */
  introIcon: { types: ['png', 'jpeg'], maxBytes: 1 * MB, image: true },
  introImageLarge: { types: ['jpeg', 'png'], maxBytes: 8 * MB, ratio: [16, 9], image: true },
  /** Custom intro images: jpg, jpeg or png, at most 3M. */
  customIntroImage: { types: ['jpeg', 'png'], maxBytes: 3 * MB, image: true },
  /** Intro video: the hint says 100M, the hard limit is 200M. */
  introVideo: { types: [...VIDEO_TYPES, 'ts'], maxBytes: 200 * MB },
  /** Boot logo: jpg under 1M at 1920x1080 (recommended) or 1280x720. */
  bootLogo: { types: ['jpeg'], maxBytes: 1 * MB, dimensions: BOOT_LOGO_SIZES, image: true },
  /** Boot logo as bmp or raw pixel data, under 8M (a raw file has no readable pixel size). */
  bootLogoBitmap: { types: ['bmp', 'raw'], maxBytes: 8 * MB, dimensions: BOOT_LOGO_SIZES, image: true },
  /** Boot animation frames: png, at most 800K each (the English pack's 300K does not hold: docs/boot.md). */
  bootAnimationFrame: { types: ['png'], maxBytes: 800 * KB, image: true },
  /** Boot animation as one zip of frames, at most 30M (frames are png: they barely compress). */
  bootAnimation: { types: ['zip'], maxBytes: 30 * MB, archive: { maxEntries: 2000, maxEntryBytes: 16 * MB, maxTotalBytes: 64 * MB, maxRatio: 100 } },
  /** Boot video: MPEG transport stream under 50M; its resolution (at most 2K) is read from the stream (docs/boot.md). */
  bootVideo: { types: ['ts'], maxBytes: 50 * MB },
  /** The boot video's settings: a text file named ts.ini (checked line by line, docs/boot.md). */
  bootIni: { types: ['raw'], maxBytes: 16 * KB },
  /** A boot policy's icon. */
  bootIcon: { types: ['jpeg', 'png'], maxBytes: 1 * MB, image: true },
  /** Vertical and welcome videos: under 200M. */
  verticalVideo: { types: [...VIDEO_TYPES, 'ts'], maxBytes: 200 * MB },
  welcomeVideo: { types: [...VIDEO_TYPES, 'ts'], maxBytes: 200 * MB },
  /** App images: JPG or PNG, 1920x1080, at most 500K. */
  appBackground: { types: ['jpeg', 'png'], maxBytes: 500 * KB, dimensions: [{ width: 1920, height: 1080 }], image: true },
  /** Android packages (apps, OTA): the spec states no size; bounded like the largest video. */
  apk: { types: ['apk'], maxBytes: 200 * MB, archive: { maxEntries: 50_000, maxEntryBytes: 256 * MB, maxTotalBytes: 512 * MB, maxRatio: 100 } },
  /**
   * OTA firmware: an update zip (bounded like every archive) or a raw image, up to 4G, streamed to
   * storage with its md5 and sha256 computed on the way.
   */
  otaFirmware: { types: ['zip', 'raw'], maxBytes: 4096 * MB, archive: { maxEntries: 100_000, maxEntryBytes: 4096 * MB, maxTotalBytes: 8192 * MB, maxRatio: 100 } },
  /** Excel workbooks (MAC and SN lists, room imports): a few sheets of XML. */
  /** The material library: pictures, TV video, audio and fonts (kinds in MATERIAL_KIND_OF). */
  material: { types: ['jpeg', 'png', 'webp', 'gif', 'bmp', 'mp4', 'ts', 'mp3', 'aac', 'm4a', 'ttf', 'otf', 'woff', 'woff2'], maxBytes: 200 * MB },
  /** App icons the server reads out of an uploaded APK and writes again as PNG (never uploaded by a client). */
  appIcon: { types: ['png'], maxBytes: 1 * MB, image: true, serverOnly: true },
  /** Thumbnails the server makes of material pictures (never uploaded by a client). */
  materialThumbnail: { types: ['webp'], maxBytes: 1 * MB, image: true, serverOnly: true },
  /** Album covers of the music area. */
  musicCover: { types: ['jpeg', 'png'], maxBytes: 3 * MB, image: true },
  /** Songs: audio the TVs play; the length is read from the file (docs/music.md). */
  musicFile: { types: ['mp3', 'aac', 'm4a', 'ogg', 'wav', 'flac'], maxBytes: 50 * MB, audio: true },
  /** Recorded phrases of the voice assistant, played instead of the TV's speech engine. */
  voicePhrase: { types: ['mp3', 'aac', 'm4a', 'ogg', 'wav'], maxBytes: 5 * MB, audio: true },
  /** Shop pictures (banner covers and details, category pictures and QR codes, goods). */
  /** VOD posters, covers and promotion posters. */
  vodPoster: { types: ['jpeg', 'png'], maxBytes: 3 * MB, image: true },
  /** A VOD film file: MP4 only (a TV plays it natively). */
  vodVideo: { types: ['mp4'], maxBytes: 2048 * MB },
  shopPicture: { types: ['jpeg', 'png'], maxBytes: 3 * MB, image: true },
  /** Screensaver photos: shown full screen on the TVs, so at most 5M each. */
  screensaverPhoto: { types: ['jpeg', 'png'], maxBytes: 5 * MB, image: true },
  /** Image-text messages: their pictures and QR image (jpg or png within 3M, as the spec's picture uploads). */
  imageMessagePicture: { types: ['jpeg', 'png'], maxBytes: 3 * MB, image: true },
  /** An image-text message's icon. */
  imageMessageIcon: { types: ['jpeg', 'png'], maxBytes: 1 * MB, image: true },
  /** A picture a guest's bound phone casts to its TV (docs/phone.md): only through `/api/phone/cast`. */
  castImage: { types: ['jpeg', 'png', 'gif', 'webp'], maxBytes: 10 * MB, image: true, serverOnly: true },
  /** A video a guest's bound phone casts to its TV: the types a TV's browser plays, only through `/api/phone/cast`. */
  castVideo: { types: ['mp4', 'mov', 'ogg'], maxBytes: 200 * MB, serverOnly: true },
  /** The picture frame's photos (docs/pictureframe.md): within 3M, as the intro uploads. */
  pictureFrame: { types: ['jpeg', 'png'], maxBytes: 3 * MB, image: true },
  /** Control-link materials: a picture or an MP4 video the room's TV shows when a room-control scene happens (docs/rcu.md). */
  controlLinkMedia: { types: ['jpeg', 'png', 'mp4'], maxBytes: 100 * MB },
  /** The digital wall's pictures and videos (docs/digitalwall.md). */
  digitalWallMedia: { types: ['jpeg', 'png', 'webp', 'gif', 'mp4'], maxBytes: 200 * MB },
  spreadsheet: { types: ['xlsx'], maxBytes: 10 * MB, archive: { maxEntries: 1000, maxEntryBytes: 32 * MB, maxTotalBytes: 64 * MB, maxRatio: 100 } },
} as const satisfies Record<string, UploadRule>;

export type UploadRuleName = keyof typeof uploadRules;

export function isUploadRuleName(name: unknown): name is UploadRuleName {
  return typeof name === 'string' && Object.hasOwn(uploadRules, name);
}

/** A rule a client may upload under (not one of the server's own, such as thumbnails). */
export function isClientUploadRule(name: unknown): name is UploadRuleName {
  return isUploadRuleName(name) && !(uploadRules[name] as UploadRule).serverOnly;
}

/** The largest `maxBytes` of all rules: the multipart parser's absolute ceiling. */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(uploadRules as Record<string, UploadRule>).map((rule) => rule.maxBytes));

/** "3M", "500K": the size wording of the spec's messages. */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${+(bytes / MB).toFixed(1)}M` : `${Math.round(bytes / 1024)}K`;
}

/** True when the pixel size is one of the rule's exact sizes (or the rule names none). */
export function dimensionsAllowed(rule: UploadRule, width: number, height: number): boolean {
  return !rule.dimensions || rule.dimensions.some((d) => d.width === width && d.height === height);
}

/** True when width:height matches the rule's ratio within one pixel of rounding (or the rule has none). */
export function ratioAllowed(rule: UploadRule, width: number, height: number): boolean {
  if (!rule.ratio) return true;
  const [w, h] = rule.ratio;
  if (width <= 0 || height <= 0) return false;
  return Math.abs(height - (width * h) / w) <= 1 || Math.abs(width - (height * w) / h) <= 1;
}

/** The sizes of a rule for the "please upload W*H px images" message: "1920*1080 or 1280*720". */
export function dimensionsText(rule: UploadRule): Text {
  const sizes = (rule.dimensions ?? []).map((d) => `${d.width}*${d.height}`);
  return { 'zh-CN': sizes.join('或'), 'en-US': sizes.join(' or ') };
}

/** "16:9" for the ratio message. */
export function ratioText(rule: UploadRule): string {
  return rule.ratio ? `${rule.ratio[0]}:${rule.ratio[1]}` : '';
}

/** What `POST /api/files` answers with. */
export interface StoredFile {
  id: string;
  url: string;
  name: string;
  size: number;
  mime: string;
  width: number | null;
  height: number | null;
}
