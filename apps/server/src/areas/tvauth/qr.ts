import QRCode from 'qrcode';

/** The PNG QR code of a TV-auth project's landing URL, as the console serves and downloads it. */
export function tvAuthQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', width: 360, margin: 2, errorCorrectionLevel: 'M' });
}
