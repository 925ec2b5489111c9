// The browser's PUT of a file to a signed upload address (spec §7): no session header, no CSRF token, the
// file's content type as signed; XMLHttpRequest, because fetch cannot report upload progress.
import { PUT_RETRY_DELAYS } from "#core/media/limits.ts";

export type PutResult = { status: number; message: string | null };

/** Resolves with the answer's status (0 when the network failed) and its message, if any. */
export function putFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (percent: number) => void,
): Promise<PutResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let message: string | null = null;
      try {
        message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? null;
      } catch {
        // not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300) onProgress(100);
      resolve({ status: xhr.status, message });
    };
    xhr.onerror = () => resolve({ status: 0, message: null });
    xhr.onabort = () => resolve({ status: 0, message: null });
    xhr.send(file);
  });
}

/**
 * putFile, tried again after each delay when the network failed or the server had a problem (5xx). A 409 on a
 * retry means an earlier try arrived after all (only its answer was lost): that counts as success.
 */
export async function putFileWithRetries(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (percent: number) => void,
  delays: readonly number[] = PUT_RETRY_DELAYS,
): Promise<PutResult> {
  let result = await putFile(url, file, contentType, onProgress);
  for (const delay of delays) {
    if (result.status !== 0 && result.status < 500) break;
    await new Promise((resolve) => setTimeout(resolve, delay));
    onProgress(0);
    result = await putFile(url, file, contentType, onProgress);
    if (result.status === 409) return { status: 200, message: null };
  }
  return result;
}
