/**
 * Upload rules: what a file field accepts. The server checks each by content (magic bytes and the
 * real pixel size), never by the name's extension; the web upload control mirrors them.
 */
export type FileType = 'jpeg' | 'png' | 'gif' | 'bmp' | 'webp' | 'mp4' | 'avi' | 'mov' | 'ogg' | 'flv' | 'rmvb' | 'ts' | 'zip' | 'apk' | 'xlsx' | 'raw';

export interface UploadRule {
  types: readonly FileType[];
  maxBytes: number;
  /** Exact pixel sizes allowed (any one of them). */
  dimensions?: readonly { width: number; height: number }[];
  /** Width:height the image must have, e.g. [16, 9]. */
  ratio?: readonly [number, number];
  /** Upload messages speak of "pictures" for image rules. */
  image?: boolean;
}

const MB = 1024 * 1024;

export const uploadRules = {
  faqImage: { types: ['png', 'jpeg', 'gif'], maxBytes: 5 * MB, image: true },
  faqVideo: { types: ['mp4', 'avi', 'mov', 'ogg', 'flv', 'rmvb'], maxBytes: 50 * MB },
  feedbackImage: { types: ['jpeg', 'png'], maxBytes: 3 * MB, image: true },
  introImage: { types: ['jpeg', 'png'], maxBytes: 5 * MB, ratio: [16, 9], image: true },
  bootLogo: {
    types: ['jpeg'],
    maxBytes: 1 * MB,
    dimensions: [
      { width: 1920, height: 1080 },
      { width: 1280, height: 720 },
    ],
    image: true,
  },
  appBackground: { types: ['jpeg', 'png'], maxBytes: 500 * 1024, dimensions: [{ width: 1920, height: 1080 }], image: true },
  spreadsheet: { types: ['xlsx'], maxBytes: 10 * MB },
} as const satisfies Record<string, UploadRule>;

export type UploadRuleName = keyof typeof uploadRules;

export function isUploadRuleName(name: unknown): name is UploadRuleName {
  return typeof name === 'string' && Object.hasOwn(uploadRules, name);
}

/** "3M", "500K": the size wording of the spec's messages. */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${+(bytes / MB).toFixed(1)}M` : `${Math.round(bytes / 1024)}K`;
}
