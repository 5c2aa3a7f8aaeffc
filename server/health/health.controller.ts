import { Controller, Get, HttpStatus } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Public } from '../common/public.decorator';

@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** The process is up. */
  @Get()
  live() {
    return { status: 'ok' };
  }

  /** The process can serve: the database answers. */
  @Get('ready')
  async ready() {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'Database unavailable');
    }
    return { status: 'ok', database: 'ok' };
  }
}
