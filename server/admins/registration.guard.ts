import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import { AdminsService, REGISTRATION_CLOSED } from './admins.service';
import { needsSetupToken } from './first-admin.bootstrap';
import { isSetupToken, SETUP_TOKEN_MISSING, SETUP_TOKEN_WRONG } from './first-admin-setup';

/**
 * Refuses a registration the policy does not allow before its body is even validated. In
 * production the anonymous first registration also needs the setup token from the server's log.
 */
@Injectable()
export class RegistrationGuard implements CanActivate {
  constructor(
    private readonly adminsService: AdminsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const policy = this.config.registration;
    if (policy === 'open' || (policy === 'first-admin' && req.isAuthenticated())) return true;
    if (policy !== 'first-admin' || (await this.adminsService.count()) > 0) throw new ApiError(HttpStatus.FORBIDDEN, REGISTRATION_CLOSED);
    if (needsSetupToken(this.config)) {
      const token = (req.body as { setupToken?: unknown } | undefined)?.setupToken;
      if (token === undefined || token === null || token === '') throw new ApiError(HttpStatus.FORBIDDEN, SETUP_TOKEN_MISSING);
      if (!isSetupToken(token, this.config.sessionSecret)) throw new ApiError(HttpStatus.FORBIDDEN, SETUP_TOKEN_WRONG);
    }
    return true;
  }
}
