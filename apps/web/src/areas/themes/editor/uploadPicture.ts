import { api, apiUrl, ApiError, failureOf } from '../../../api/client';
import { authHeaders, getToken } from '../../../api/token';
import { imageSize } from '../../../crud/fileTypes';

/** A picture put into the material library: its material id and pixel size. */
export interface UploadedPicture {
  materialId: number;
  width: number;
  height: number;
}

/** The file posted to `POST /api/files?rule=material`, reporting progress (0-1). */
function postFile(file: File, onProgress: (share: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl('/files', { rule: 'material' }));
    const sentWith = getToken();
    for (const [name, value] of Object.entries(authHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => reject(new ApiError(0, { errkey: 'error.network' }, 'network'));
    request.onload = async () => {
      const response = new Response(request.responseText, { status: request.status, headers: { 'content-type': request.getResponseHeader('content-type') ?? '' } });
      if (!response.ok) return reject(await failureOf(response, sentWith));
      const body = (await response.json()) as { code?: string; data?: { id: string } };
      if (body.code === '0' && body.data) resolve(body.data.id);
      else reject(new ApiError(request.status, body, 'upload'));
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

/** A new picture block's size: the picture's own, or 400×300 when the browser cannot decode it. */
const DEFAULT_SIZE = { width: 400, height: 300 };

/**
 * Uploads a picture into the caller's material library (the file, checked by content on the server,
 * then the material record naming it), so a theme can use it.
 */
export async function uploadPicture(file: File, onProgress: (share: number) => void): Promise<UploadedPicture> {
  const [fileId, size] = await Promise.all([postFile(file, onProgress), imageSize(file).then((size) => size ?? DEFAULT_SIZE)]);
  const name = file.name.replace(/\.[^.]+$/, '').slice(0, 100) || 'image';
  const material = await api.post<{ id: number }>('/records/material', { name, fileId });
  return { materialId: material.id, ...size };
}
