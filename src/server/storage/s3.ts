/**
 * S3-compatible object storage (AWS S3, MinIO, Garage, Ceph, R2, …): STORAGE_URL=s3://bucket/prefix,
 * with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE.
 * Every instance of a cluster reads and writes the same objects; a put is whole or absent, so a
 * reader never sees half a file.
 */
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkedKey, contentTypeOf, type FileStorage, type ObjectBody, type ObjectRange } from './storage';

export interface S3Settings {
  bucket: string;
  /** Keys are kept under it (`site-files/`), or at the bucket's root when empty. */
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` in the path rather than the host name: what most self-hosted stores need. */
  forcePathStyle: boolean;
}

/** `s3://bucket/some/prefix` → bucket and prefix (`some/prefix/`). */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url.trim());
  if (!match) throw new Error(`STORAGE_URL must be s3://bucket or s3://bucket/prefix (it is "${url}")`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1]!, prefix: prefix ? `${prefix}/` : '' };
}

// The SDK warns on Node 20 at its first client that versions published after January 2027 will
// need Node 22. The version in the lockfile runs on Node 20; the warning would only alarm operators
// in every log. (Node 22 is the runtime to move to before the SDK's next update.)
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * The SDK, loaded with the first S3 storage opened: it holds memory a server on its local folder
 * (the default) does not need to carry.
 */
type Sdk = typeof import('@aws-sdk/client-s3') & Pick<typeof import('@aws-sdk/s3-request-presigner'), 'getSignedUrl'>;
let sdkLoading: Promise<Sdk> | undefined;
const loadSdk = () =>
  (sdkLoading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(
    ([client, presigner]) => ({ ...client, getSignedUrl: presigner.getSignedUrl }),
  ));

export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  readonly location: string;
  private readonly connecting: Promise<{ client: S3Client; sdk: Sdk }>;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.location = `s3://${settings.bucket}/${settings.prefix}`;
    this.connecting = loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
        // Checksums only where the protocol requires them: many self-hosted stores do not read the
        // trailing checksums the SDK would otherwise add to every upload.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 4,
      }),
    }));
  }

  private key(key: string): string {
    return this.prefix + checkedKey(key);
  }

  localPath(): undefined {
    return undefined;
  }

  async write(key: string, body: ObjectBody, contentType = contentTypeOf(key)): Promise<void> {
    const isFile = typeof body === 'object' && !Buffer.isBuffer(body);
    const { client, sdk } = await this.connecting;
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(key),
        Body: isFile ? fs.createReadStream(body.path) : body,
        // A stream's length must be known up front (no chunked signing).
        ...(isFile ? { ContentLength: fs.statSync(body.path).size } : {}),
        ContentType: contentType,
      }),
    );
  }

  async read(key: string): Promise<Buffer | undefined> {
    const stream = await this.stream(key);
    if (!stream) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async stream(key: string, range?: ObjectRange): Promise<Readable | undefined> {
    const { client, sdk } = await this.connecting;
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(sdk, error)) return undefined;
      throw error;
    }
  }

  async stat(key: string) {
    const { client, sdk } = await this.connecting;
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0), etag: head.ETag ?? '""' };
    } catch (error) {
      if (isMissing(sdk, error)) return undefined;
      throw error;
    }
  }

  async remove(keys: string[]): Promise<void> {
    const { client, sdk } = await this.connecting;
    // At most 1000 keys a request, as S3 allows.
    for (let i = 0; i < keys.length; i += 1000) {
      const objects = keys.slice(i, i + 1000).map((key) => ({ Key: this.key(key) }));
      await client.send(new sdk.DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects, Quiet: true } }));
    }
  }

  async *list(prefix = '') {
    const { client, sdk } = await this.connecting;
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield { key: object.Key.slice(this.prefix.length), size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * A time-limited address a visitor's browser may fetch the object from directly
   * (STORAGE_PUBLIC_URL=signed). `headers` are signed into it: the bucket answers with that
   * Content-Type and Content-Disposition whatever the object was stored with.
   */
  async signedUrl(key: string, seconds: number, headers: { contentType?: string; disposition?: string } = {}): Promise<string> {
    const { client, sdk } = await this.connecting;
    const command = new sdk.GetObjectCommand({
      Bucket: this.bucket,
      Key: this.key(key),
      ...(headers.contentType ? { ResponseContentType: headers.contentType } : {}),
      ...(headers.disposition ? { ResponseContentDisposition: headers.disposition } : {}),
    });
    return sdk.getSignedUrl(client, command, { expiresIn: seconds });
  }

  async close(): Promise<void> {
    (await this.connecting).client.destroy();
  }
}

function isMissing(sdk: Sdk, error: unknown): boolean {
  return error instanceof sdk.S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');
}
