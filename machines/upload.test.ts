import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { UPLOAD_MESSAGES, type UploadEvent, type UploadFile, uploadMachine } from './upload';

/** A fake transfer the test drives by hand through `send`. */
function start() {
  let send: (event: UploadEvent) => void = () => {};
  const transfers: UploadFile[] = [];
  const notifyUploaded = vi.fn();
  const machine = uploadMachine.provide({
    actors: {
      upload: fromCallback<UploadEvent, { file: UploadFile }>(({ sendBack, input }) => {
        transfers.push(input.file);
        send = sendBack;
      }),
    },
    actions: { notifyUploaded: (_, params) => notifyUploaded(params) },
  });
  const actor = createActor(machine).start();
  return { actor, transfers, notifyUploaded, transport: (e: UploadEvent) => send(e) };
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

describe('upload machine', () => {
  it('starts idle at 0 %', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.progress).toBe(0);
    expect(UPLOAD_MESSAGES.noFile).toBe('Please select a file to upload.');
  });

  it('Upload without a file shows the no-file error and starts no transfer', () => {
    const { actor, transfers } = start();
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().value).toBe('noFileError');
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().value).toBe('noFileError');
    expect(transfers).toHaveLength(0);
  });

  it('choosing a file clears the no-file error; Upload then transfers it', () => {
    const { actor, transfers } = start();
    actor.send({ type: 'upload.start' });
    actor.send({ type: 'file.choose', file: png() });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(transfers[0]!.name).toBe('logo.png');
  });

  it('reports progress 0 → 100, clamped and never backwards, then succeeds', () => {
    const { actor, transport, notifyUploaded } = start();
    actor.send({ type: 'file.choose', file: png() });
    actor.send({ type: 'upload.start' });
    const seen: number[] = [];
    actor.subscribe((s) => seen.push(s.context.progress));
    transport({ type: 'upload.progress', percent: 30.4 });
    transport({ type: 'upload.progress', percent: 20 });
    transport({ type: 'upload.progress', percent: 140 });
    expect(seen).toEqual([30, 30, 100]);
    transport({ type: 'upload.done', file: { name: 'logo.png', url: 'http://x/uploads/logo.png' } });
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().context).toMatchObject({
      progress: 100,
      file: null,
      uploaded: { name: 'logo.png', url: 'http://x/uploads/logo.png' },
    });
    expect(notifyUploaded).toHaveBeenCalledWith({ name: 'logo.png', url: 'http://x/uploads/logo.png' });
  });

  it('keeps what the transfer says of the file kept on the device (its token and both sizes) until the next upload', () => {
    const { actor, transport } = start();
    actor.send({ type: 'file.choose', file: png() });
    actor.send({ type: 'upload.start' });
    const queued = { id: '0b7c6f7e-4a59-4c1e-9d2b-1f1f3c3c9a01', originalSize: 8_400_000, size: 610_000 };
    transport({ type: 'upload.queued', queued });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.queued).toEqual(queued);
    transport({ type: 'upload.done', file: { name: 'photo.webp', url: '/uploads/photo.webp' } });
    expect(actor.getSnapshot().context.queued).toEqual(queued);
    actor.send({ type: 'file.choose', file: png() });
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().context.queued).toBeNull();
  });

  it('a failed transfer keeps the file and the server reason; Upload retries', () => {
    const { actor, transport, transfers } = start();
    actor.send({ type: 'file.choose', file: png() });
    actor.send({ type: 'upload.start' });
    transport({ type: 'upload.fail', reason: 'File too large' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.reason).toBe('File too large');
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context).toMatchObject({ progress: 0, reason: null });
    expect(transfers).toHaveLength(2);
  });

  it('choosing another file while uploading does not interrupt the transfer', () => {
    const { actor } = start();
    actor.send({ type: 'file.choose', file: png() });
    actor.send({ type: 'upload.start' });
    actor.send({ type: 'file.choose', file: null });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.file).not.toBeNull();
  });

  it('after success, Upload without a new file says to select one; a new file uploads', () => {
    const { actor, transport } = start();
    actor.send({ type: 'file.choose', file: png() });
    actor.send({ type: 'upload.start' });
    transport({ type: 'upload.done', file: { name: 'a', url: 'u' } });
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().value).toBe('noFileError');
    actor.send({ type: 'file.choose', file: png() });
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().value).toBe('uploading');
  });

  it('after success, choosing a file returns to idle with fresh progress', () => {
    const { actor, transport } = start();
    actor.send({ type: 'file.choose', file: png() });
    actor.send({ type: 'upload.start' });
    transport({ type: 'upload.done', file: { name: 'a', url: 'u' } });
    actor.send({ type: 'file.choose', file: png() });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ progress: 0, uploaded: null });
  });

  it('after a failure with the file cleared, Upload says to select one', () => {
    const { actor, transport } = start();
    actor.send({ type: 'file.choose', file: png() });
    actor.send({ type: 'upload.start' });
    transport({ type: 'upload.fail', reason: null });
    actor.send({ type: 'file.choose', file: null });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().value).toBe('noFileError');
  });

  it('a failed retry from the failed state ends failed again', () => {
    const { actor, transport } = start();
    actor.send({ type: 'file.choose', file: png() });
    actor.send({ type: 'upload.start' });
    transport({ type: 'upload.fail', reason: null });
    actor.send({ type: 'upload.start' });
    transport({ type: 'upload.fail', reason: 'again' });
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('progress and results arriving outside an upload are ignored', () => {
    const { actor } = start();
    actor.send({ type: 'upload.progress', percent: 50 });
    actor.send({ type: 'upload.done', file: { name: 'a', url: 'u' } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.progress).toBe(0);
  });
});
