import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import { AdminsService, REGISTRATION_CLOSED } from './admins.service';

/** Refuses a registration the policy does not allow before its body is even validated. */
@Injectable()
export class RegistrationGuard implements CanActivate {
  constructor(
    private readonly adminsService: AdminsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const policy = this.config.registration;
    const allowed = policy === 'open' || (policy === 'first-admin' && (req.isAuthenticated() || (await this.adminsService.count()) === 0));
    if (!allowed) throw new ApiError(HttpStatus.FORBIDDEN, REGISTRATION_CLOSED);
    return true;
  }
}
