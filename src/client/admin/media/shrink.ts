/** Makes a photo small on the device (shrink-plan.ts), in a worker; the original where that cannot be done. */
import { choose, isShrinkable, renamed, type Encoded } from './shrink-plan';

export interface Shrunk {
  blob: Blob;
  name: string;
}

export async function shrinkPhoto(file: Blob, name: string): Promise<Shrunk> {
  const kept = { blob: file, name };
  if (!isShrinkable(file.type) || typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return kept;
  const worker = new Worker(new URL('./shrink.worker.ts', import.meta.url), { type: 'module' });
  try {
    const answer = await new Promise<Encoded | { error: string }>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<Encoded | { error: string }>) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage(file);
    });
    if ('error' in answer) return kept;
    const blob = choose(file, answer);
    return blob === file ? kept : { blob, name: renamed(name, blob.type) };
  } catch {
    // A photo the browser cannot decode goes as it is: the server decides what it is.
    return kept;
  } finally {
    worker.terminate();
  }
}
