import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { signedInAdmin } from '../common/current-admin.decorator';
import { ApiError } from '../common/api-error';
import { ACTS_FOR_SIGNED_IN, BEFORE_SECOND_FACTOR, IS_PUBLIC } from '../common/public.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SecondFactorService } from './second-factor.service';

export const SET_UP_SECOND_FACTOR = 'Set up a second factor first: this site requires one (Your account).';

/**
 * Global, with REQUIRE_SECOND_FACTOR=true: a signed-in admin without a second factor reaches the
 * public routes (but for those that act for them, @ActsForSignedIn()) and those marked
 * @BeforeSecondFactor() (setting one up) only; anything else is a 403 until they have one. Requests without a signed-in admin are SessionGuard's to refuse.
 */
@Injectable()
export class SecondFactorGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly secondFactor: SecondFactorService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.config.requireSecondFactor) return true;
    const targets = [context.getHandler(), context.getClass()];
    const open = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    if (open && !this.reflector.getAllAndOverride<boolean>(ACTS_FOR_SIGNED_IN, targets)) return true;
    if (this.reflector.getAllAndOverride<boolean>(BEFORE_SECOND_FACTOR, targets)) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const admin = signedInAdmin(req);
    if (!admin) return true;
    if (await this.secondFactor.hasSecondFactor(admin.id)) return true;
    throw new ApiError(HttpStatus.FORBIDDEN, SET_UP_SECOND_FACTOR);
  }
}
