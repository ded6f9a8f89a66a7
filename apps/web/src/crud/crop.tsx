import { Modal, type ButtonProps } from 'antd';
import type { TFunction } from 'i18next';

/**
 * The largest centred part of a picture with the rule's width:height, as a file of the same type
 * (a JPEG stays a JPEG, anything else becomes a PNG), named as the original.
 */
export async function cropToRatio(file: File, [w, h]: readonly [number, number]): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const width = Math.min(bitmap.width, Math.round((bitmap.height * w) / h));
  const height = Math.min(bitmap.height, Math.round((width * h) / w));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, (bitmap.width - width) / 2, (bitmap.height - height) / 2, width, height, 0, 0, width, height);
  bitmap.close();
  const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('crop failed'))), type, 0.92));
  return new File([blob], file.name, { type });
}

/**
 * Offers to crop a picture of another ratio (the intro pictures' 16:9): the centred part shown, OK
 * answers it to upload in place of the original, Cancel answers null (the caller refuses the file).
 */
export async function offerCrop(file: File, ratio: readonly [number, number], t: TFunction): Promise<File | null> {
  const cropped = await cropToRatio(file, ratio).catch(() => null);
  if (!cropped) return null;
  const preview = URL.createObjectURL(cropped);
  try {
    return await new Promise<File | null>((resolve) =>
      Modal.confirm({
        title: t('crud.cropTitle', { ratio: ratio.join(':') }),
        content: <img src={preview} alt="" data-testid="upload-crop-preview" style={{ width: '100%', marginTop: 8, borderRadius: 4 }} />,
        okText: t('crud.cropOk'),
        okButtonProps: { 'data-testid': 'upload-crop-ok' } as ButtonProps,
        width: 520,
        onOk: () => resolve(cropped),
        onCancel: () => resolve(null),
      }),
    );
  } finally {
    URL.revokeObjectURL(preview);
  }
}
