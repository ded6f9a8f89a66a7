import type { FileType, UploadRule } from '@htv/shared';

/** Extensions and MIME types of the shared upload rule's file types (the server checks content). */
const TYPES: Record<FileType, { ext: string[]; mime: string[] }> = {
  jpeg: { ext: ['jpg', 'jpeg'], mime: ['image/jpeg'] },
  png: { ext: ['png'], mime: ['image/png'] },
  gif: { ext: ['gif'], mime: ['image/gif'] },
  bmp: { ext: ['bmp'], mime: ['image/bmp', 'image/x-ms-bmp'] },
  webp: { ext: ['webp'], mime: ['image/webp'] },
  mp4: { ext: ['mp4', 'm4v'], mime: ['video/mp4'] },
  avi: { ext: ['avi'], mime: ['video/x-msvideo', 'video/avi'] },
  mov: { ext: ['mov'], mime: ['video/quicktime'] },
  ogg: { ext: ['ogg', 'ogv'], mime: ['video/ogg', 'audio/ogg', 'application/ogg'] },
  flv: { ext: ['flv'], mime: ['video/x-flv'] },
  rmvb: { ext: ['rmvb', 'rm'], mime: ['application/vnd.rn-realmedia-vbr', 'application/vnd.rn-realmedia'] },
  ts: { ext: ['ts'], mime: ['video/mp2t'] },
  mp3: { ext: ['mp3'], mime: ['audio/mpeg', 'audio/mp3'] },
  aac: { ext: ['aac'], mime: ['audio/aac', 'audio/x-aac'] },
  m4a: { ext: ['m4a'], mime: ['audio/mp4', 'audio/x-m4a'] },
  wav: { ext: ['wav'], mime: ['audio/wav', 'audio/x-wav', 'audio/wave'] },
  flac: { ext: ['flac'], mime: ['audio/flac', 'audio/x-flac'] },
  ttf: { ext: ['ttf'], mime: ['font/ttf', 'application/x-font-ttf'] },
  otf: { ext: ['otf'], mime: ['font/otf', 'application/x-font-otf'] },
  woff: { ext: ['woff'], mime: ['font/woff'] },
  woff2: { ext: ['woff2'], mime: ['font/woff2'] },
  zip: { ext: ['zip'], mime: ['application/zip', 'application/x-zip-compressed'] },
  apk: { ext: ['apk'], mime: ['application/vnd.android.package-archive'] },
  xlsx: { ext: ['xlsx'], mime: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
  raw: { ext: [], mime: [] },
};

/** The `accept` attribute of the file picker. */
export function acceptOf(rule: UploadRule): string | undefined {
  if (rule.types.includes('raw')) return undefined;
  return rule.types.flatMap((type) => TYPES[type].ext.map((ext) => `.${ext}`)).join(',');
}

/** By extension or by MIME type: browsers know no MIME type for some video formats. */
export function typeAllowed(rule: UploadRule, file: Pick<File, 'name' | 'type'>): boolean {
  if (rule.types.includes('raw')) return true;
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return rule.types.some((type) => TYPES[type].ext.includes(ext) || (file.type !== '' && TYPES[type].mime.includes(file.type)));
}

/** Names shown in messages: "png, jpeg, gif". */
export function typeNames(rule: UploadRule): string {
  return rule.types.join(', ');
}

/** Pixel size of an image file, or null if the browser cannot decode it. */
export async function imageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}
