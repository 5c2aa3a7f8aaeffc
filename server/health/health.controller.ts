import { Controller, Get, HttpStatus } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Public } from '../common/public.decorator';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../database/database-health';

/** Readiness answers within this, however the database fails (a frozen one never answers). */
const READY_TIMEOUT_MS = 2000;

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
    return { status: 'ok', database: 'ok' };
  }
}
