import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { OnModuleInit } from '@nestjs/common';
import express, { type RequestHandler } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../../common/api-error';
import type { S3StorageConfig } from '../../config/app-config';
import { PHOTO_MAX_AGE_SECONDS, PhotoStorage, STORED_NAME, type StoredPhoto } from './photo-storage.service';

/** Photos sit under this prefix in the bucket, as under /uploads/news/ on the site. */
const KEY_PREFIX = 'news/';

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/**
 * `STORAGE=s3`: objects in an S3 bucket (AWS, or any S3-compatible store through S3_ENDPOINT).
 * Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a
 * profile, a role). Short timeouts and one attempt: an unreachable store answers 503 within about
 * two seconds instead of holding requests.
 */
export class S3PhotoStorage extends PhotoStorage implements OnModuleInit {
  readonly driver = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(private readonly config: S3StorageConfig) {
    super();
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      maxAttempts: 1,
      requestHandler: { connectionTimeout: 700, requestTimeout: 1800 },
    });
  }

  /** A missing bucket or refused credentials stop the process at start, with the reason. */
  async onModuleInit(): Promise<void> {
    try {
      await this.check();
    } catch (error) {
      const status = statusOf(error);
      const where = `bucket "${this.bucket}" (S3_BUCKET) in ${this.config.region} (S3_REGION)${this.config.endpoint ? ` at ${this.config.endpoint} (S3_ENDPOINT)` : ''}`;
      const reason =
        status === 404
          ? 'does not exist'
          : status === 403 || status === 401
            ? 'refused the credentials (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY or the SDK default chain)'
            : `cannot be reached: ${(error as Error).name}: ${(error as Error).message}`;
      throw new Error(`Photo storage: ${where} ${reason}`, { cause: error });
    }
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async put(name: string, data: Buffer): Promise<void> {
    // A PUT is atomic: the object appears complete or not at all.
    await this.unavailableOnFailure(`store ${name}`, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: KEY_PREFIX + name,
          Body: data,
          ContentType: 'image/webp',
          CacheControl: `public, max-age=${PHOTO_MAX_AGE_SECONDS}, immutable`,
        }),
      ),
    );
  }

  /** A store that fails or does not answer in time is, to the client, the contract's 503. */
  private async unavailableOnFailure<T>(what: string, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      this.logger.error(`could not ${what}: ${(error as Error).name}: ${(error as Error).message}`);
      throw ApiError.unavailable();
    }
  }

  async delete(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: KEY_PREFIX + name }));
  }

  async get(name: string): Promise<Buffer | undefined> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: KEY_PREFIX + name }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async modified(name: string): Promise<Date | undefined> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: KEY_PREFIX + name }));
      return out.LastModified ?? new Date(0);
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async *list(): AsyncIterable<StoredPhoto> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: KEY_PREFIX, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const name = object.Key!.slice(KEY_PREFIX.length);
        if (STORED_NAME.test(name)) yield { name, modified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  handler(): RequestHandler {
    return express.Router().get('/news/:name', async (req, res, next) => {
      const name = req.params.name;
      if (!STORED_NAME.test(name)) return next();
      let out: GetObjectCommandOutput;
      try {
        out = await this.client.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: KEY_PREFIX + name,
            // Passed through: the store answers 206 with Content-Range, or 304.
            Range: req.headers.range,
            IfNoneMatch: req.headers['if-none-match'],
          }),
        );
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) return next();
        if (status === 304) return void res.status(304).end();
        if (status === 416) return void res.status(416).end();
        this.logger.error(`could not read ${name}: ${(error as Error).name}: ${(error as Error).message}`);
        return next(ApiError.unavailable());
      }
      res.status(out.ContentRange ? 206 : 200);
      res.setHeader('Content-Type', 'image/webp');
      res.setHeader('Cache-Control', `public, max-age=${PHOTO_MAX_AGE_SECONDS}, immutable`);
      res.setHeader('Accept-Ranges', 'bytes');
      if (out.ETag) res.setHeader('ETag', out.ETag);
      if (out.LastModified) res.setHeader('Last-Modified', out.LastModified.toUTCString());
      if (out.ContentRange) res.setHeader('Content-Range', out.ContentRange);
      if (out.ContentLength !== undefined) res.setHeader('Content-Length', String(out.ContentLength));
      const body = out.Body as Readable;
      if (req.method === 'HEAD') {
        body.destroy();
        return void res.end();
      }
      try {
        await pipeline(body, res);
      } catch (error) {
        // The reply has begun: all that is left is to cut it short.
        this.logger.warn(`serving ${name} stopped: ${(error as Error).message}`);
      }
    });
  }
}
