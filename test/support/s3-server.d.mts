export const S3_CREDENTIALS: { AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string };

export interface S3Server {
  endpoint: string;
  bucket: string;
  port: number;
  /** STORAGE=s3, S3_BUCKET, S3_REGION, S3_ENDPOINT, S3_FORCE_PATH_STYLE and s3rver's credentials. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export function startS3Server(options?: { port?: number; bucket?: string }): Promise<S3Server>;
