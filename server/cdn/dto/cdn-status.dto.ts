import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CDN_PROVIDERS } from '../../config/cdn-config';

@ApiSchema({ name: 'FailedPurge' })
export class FailedPurgeDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ type: [String], example: ['news', 'news-0b6f…'] })
  tags: string[];

  @ApiProperty({ type: [String], example: ['/news/our-new-office', '/news'] })
  paths: string[];

  @ApiProperty({ type: String, nullable: true })
  reason: string | null;

  @ApiProperty({ type: 'integer' })
  attempts: number;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  failedAt: Date | null;
}

@ApiSchema({ name: 'CdnStatus', description: 'The CDN in front (CDN) and its purge queue: waiting, given up, the last one done.' })
export class CdnStatusDto {
  @ApiProperty({ enum: CDN_PROVIDERS })
  provider: string;

  @ApiProperty({ type: 'integer', description: 'Purges waiting to be sent, retries included' })
  waiting: number;

  @ApiProperty({ type: 'integer', description: 'Purges given up (kept 30 days)' })
  failedCount: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastDoneAt: Date | null;

  @ApiProperty({ type: [FailedPurgeDto], description: 'The latest purges given up' })
  failed: FailedPurgeDto[];
}
