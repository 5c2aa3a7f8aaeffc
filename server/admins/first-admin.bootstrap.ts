import { HttpException, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AdminsService } from './admins.service';
import { RegisterAdminDto } from './dto/register-admin.dto';
import { setupPath } from './first-admin-setup';

/** Whether an anonymous first registration must bring the setup token (see first-admin-setup.ts). */
export function needsSetupToken(config: AppConfig): boolean {
  return config.nodeEnv === 'production' && config.registration === 'first-admin';
}

/**
 * At start, while no administrator exists: creates the one that ADMIN_EMAIL and
 * ADMIN_PASSWORD_FILE describe, or else (in production) logs the one-time setup link.
 */
@Injectable()
export class FirstAdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('FirstAdmin');

  constructor(
    private readonly adminsService: AdminsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.adminsService.count()) > 0) return;
    if (this.config.firstAdmin) {
      await this.createFromConfig(this.config.firstAdmin);
      return;
    }
    if (needsSetupToken(this.config)) {
      this.logger.warn(
        `No administrator yet. Open ${this.config.publicUrl}${setupPath(this.config.sessionSecret)} to register the first one; ` +
          'the link works until then (or set ADMIN_EMAIL and ADMIN_PASSWORD_FILE).',
      );
    }
  }

  private async createFromConfig(fields: NonNullable<AppConfig['firstAdmin']>): Promise<void> {
    const dto = plainToInstance(RegisterAdminDto, fields);
    const errors = await validate(dto);
    if (errors.length > 0) {
      const problems = errors.map((error) => Object.values(error.constraints ?? {})[0]).join('; ');
      throw new Error(`Invalid configuration: ADMIN_EMAIL, ADMIN_NAME or ADMIN_PASSWORD_FILE: ${problems}`);
    }
    try {
      const admin = await this.adminsService.create(dto, { onlyIfFirst: true });
      this.logger.log(`Created the first administrator ${admin.email} from ADMIN_EMAIL`);
    } catch (error) {
      // Another replica starting at the same moment created it first.
      if (error instanceof HttpException && error.getStatus() === 403) return;
      throw error;
    }
  }
}
