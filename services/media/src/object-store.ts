/**
 * Where the bytes of generated media live: an S3 bucket (MinIO in production, any S3-protocol
 * server in tests) through the minio client, or a local folder for one-machine runs. The bucket is
 * created when missing. Object names are `generated/<key>`. The minio package is loaded only when an
 * S3ObjectStore is made, so a media service on a local folder never pays its memory
 * (docs/performance.md#libraries-and-telemetry).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as Minio from 'minio';

export interface ObjectStore {
  /** Where the store is, as plain data: another process (the generation worker) opens the same store from it. */
  readonly spec: ObjectStoreSpec;
  ensureReady(): Promise<void>;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes [start, end] (inclusive) or all of them. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
}

export type ObjectStoreSpec =
  { kind: 's3'; endpoint: string; accessKey: string; secretKey: string; bucket: string; region: string } | { kind: 'file'; dir: string };

export function openObjectStore(spec: ObjectStoreSpec): ObjectStore {
  return spec.kind === 's3' ? new S3ObjectStore(spec) : new FileObjectStore(spec.dir);
}

const objectName = (key: string) => `generated/${key}`;

export class S3ObjectStore implements ObjectStore {
  private readonly client: Promise<Minio.Client>;

  readonly spec: ObjectStoreSpec;

  constructor(private readonly options: { endpoint: string; accessKey: string; secretKey: string; bucket: string; region: string }) {
    this.spec = {
      kind: 's3',
      endpoint: options.endpoint,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      bucket: options.bucket,
      region: options.region,
    };
    const url = new URL(options.endpoint);
    this.client = import('minio').then(
      ({ Client }) =>
        new Client({
          endPoint: url.hostname,
          port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
          useSSL: url.protocol === 'https:',
          accessKey: options.accessKey,
          secretKey: options.secretKey,
          region: options.region,
          pathStyle: true,
        }),
    );
  }

  async ensureReady(): Promise<void> {
    const client = await this.client;
    if (!(await client.bucketExists(this.options.bucket))) await client.makeBucket(this.options.bucket, this.options.region);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await (await this.client).putObject(this.options.bucket, objectName(key), bytes, bytes.length, { 'Content-Type': contentType });
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const client = await this.client;
    return range
      ? client.getPartialObject(this.options.bucket, objectName(key), range.start, range.end - range.start + 1)
      : client.getObject(this.options.bucket, objectName(key));
  }
}

export class FileObjectStore implements ObjectStore {
  readonly spec: ObjectStoreSpec;

  constructor(private readonly dir: string) {
    this.spec = { kind: 'file', dir: path.resolve(dir) };
  }

  private file(key: string): string {
    return path.join(this.dir, objectName(key));
  }

  async ensureReady(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // A temporary name of its own per write: two writers of one key (the same generated image) never share one.
    const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, file);
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.file(key);
    await stat(file);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }
}
