import { Controller, Get, HttpStatus } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Public } from '../common/public.decorator';
import { NewsService } from '../news/news.service';

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
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'Database unavailable');
    }
    try {
      await this.news.checkPhotoStorage();
    } catch {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'Photo storage unavailable');
    }
    return { status: 'ok', database: 'ok', storage: 'ok' };
  }
}
