/**
 * Sends one file to the media store with XMLHttpRequest, because fetch cannot report upload
 * progress. Reports percent while sending, then the stored file or the server's reason.
 */
import type { UploadedFile, UploadFile } from '../../../../machines/upload';
import { buildUrl } from '../../api/http';
import { getToken } from '../../api/session';
import { config } from '../../config';

export interface UploadCallbacks {
  onProgress: (percent: number) => void;
  onDone: (file: UploadedFile) => void;
  onFail: (reason: string | null) => void;
}

/** Starts the upload; the returned function aborts it. */
export function uploadFile(file: UploadFile, callbacks: UploadCallbacks): () => void {
  const xhr = new XMLHttpRequest();
  xhr.open('POST', buildUrl('api/upload-single'));
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.setRequestHeader('app_key', config.appKey);
  const token = getToken();
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  xhr.upload.onprogress = (event) => {
    if (event.lengthComputable) callbacks.onProgress((event.loaded / event.total) * 100);
  };
  xhr.onload = () => {
    const body = parse(xhr.responseText);
    if (xhr.status >= 200 && xhr.status < 300 && body?.data?.url) {
      callbacks.onProgress(100);
      callbacks.onDone({ name: body.data.name ?? file.name, url: body.data.url });
    } else {
      callbacks.onFail(body?.message ?? (xhr.status ? `The server answered ${xhr.status}.` : null));
    }
  };
  xhr.onerror = () => callbacks.onFail('No connection to the server.');
  const form = new FormData();
  form.append('file', file, file.name);
  xhr.send(form);
  return () => xhr.abort();
}

interface UploadAnswer {
  message?: string;
  data?: { name?: string; url?: string };
}

function parse(text: string): UploadAnswer | null {
  try {
    return JSON.parse(text) as UploadAnswer;
  } catch {
    return null;
  }
}
