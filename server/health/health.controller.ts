import { Controller, Get, HttpStatus } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Public } from '../common/public.decorator';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../database/database-health';
import { NewsService } from '../news/news.service';

/** Readiness answers within this, however the database fails (a frozen one never answers). */
const READY_TIMEOUT_MS = 2000;

@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly news: NewsService,
  ) {}

  /** The process is up. */
  @Get()
  live() {
    return { status: 'ok' };
  }

  /** The process can serve: the database answers, and so does the photo storage. */
  @Get('ready')
  async ready() {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
        }),
      ]);
    } catch {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'Database unavailable', {
        headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      });
    } finally {
      clearTimeout(timer);
    }
    try {
      await this.news.checkPhotoStorage();
    } catch {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'Photo storage unavailable', {
        headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      });
    }
    return { status: 'ok', database: 'ok', storage: 'ok' };
  }
}
