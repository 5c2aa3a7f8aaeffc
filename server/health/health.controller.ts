import { Controller, Get } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiOkResponse, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { ErrorReply } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { HealthReply, ReadinessReply } from './dto/health.dto';
import { Public } from '../common/public.decorator';
import { NewsPhotos } from '../news/news-photos.service';

/** Readiness answers within this, however the database fails (a frozen one never answers). */
const READY_TIMEOUT_MS = 2000;

@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly news: NewsPhotos,
  ) {}

  /** The process is up. */
  @Get()
  @ApiOkResponse({ type: HealthReply })
  live(): HealthReply {
    return { status: 'ok' };
  }

  /** The process can serve: the database answers, and so does the photo storage. */
  @Get('ready')
  @ApiOkResponse({ type: ReadinessReply })
  @ApiServiceUnavailableResponse({ type: ErrorReply, description: 'The database or the photo storage does not answer' })
  async ready(): Promise<ReadinessReply> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
        }),
      ]);
    } catch {
      throw ApiError.unavailable('Database unavailable');
    } finally {
      clearTimeout(timer);
    }
    try {
      await this.news.checkPhotoStorage();
    } catch {
      throw ApiError.unavailable('Photo storage unavailable');
    }
    return { status: 'ok', database: 'ok', storage: 'ok' };
  }
}
