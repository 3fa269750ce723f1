/** The storage the settings name: S3 when STORAGE_URL says so, the local folder otherwise. */
import type { ServerConfig } from '../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { FileStorage } from './storage';

export function openStorage(config: Pick<ServerConfig, 'storage' | 'uploadDir'>): FileStorage {
  return config.storage.kind === 's3' ? new S3Storage(config.storage) : new LocalStorage(config.uploadDir);
}
