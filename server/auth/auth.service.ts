import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import { randomBytes } from 'node:crypto';
import { ActivityService } from '../activity/activity.service';
import { ApiError } from '../common/api-error';
import { LoginLockoutService } from '../rate-limit/login-lockout.service';
import type { Admin } from '../admins/admin.entity';
import { AdminsService } from '../admins/admins.service';
import { SecondFactorService } from '../second-factor/second-factor.service';

export const INVALID_LOGIN = 'Invalid email or password';

@Injectable()
export class AuthService implements OnModuleInit {
  /** Verified when the email is unknown, so both refusals take the same time. */
  private decoyHash: string;

  constructor(
    private readonly adminsService: AdminsService,
    private readonly lockout: LoginLockoutService,
    private readonly activity: ActivityService,
    private readonly secondFactors: SecondFactorService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.decoyHash = await this.adminsService.hashPassword(randomBytes(16).toString('hex'));
  }

  /**
   * Checks a login. The reply is the same for an unknown email and a wrong password, and both
   * verify one argon2 hash. Every attempt counts under the lockout's rules (LoginLockoutService).
   * The hash and the credential version come from one read, so a session stamped with this
   * version is refused when the password changed after the check.
   */
  async validateLogin(email: unknown, password: unknown, req: Request): Promise<Admin> {
    if (typeof email !== 'string' || typeof password !== 'string' || email.length > 254 || password.length > 128) {
      throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN);
    }
    // PostgreSQL cannot take NUL in text: refused like any body text holding one.
    if (email.includes('\0')) throw ApiError.field('email', 'Email must not contain NUL characters');
    if (password.includes('\0')) throw ApiError.field('password', 'Password must not contain NUL characters');
    const admin = await this.adminsService.findByEmailWithHash(email);
    const account = admin?.id ?? email.trim().toLowerCase();
    const client = this.lockout.clientOf(req, admin);
    await this.lockout.attempt(account, client);
    const valid = await this.adminsService.verifyPassword(admin?.passwordHash ?? this.decoyHash, password);
    if (!admin || !valid) {
      await this.activity.recordFailedSignIn(admin, client.address);
      throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_LOGIN);
    }
    // With a second factor, half a sign-in: the address gets its hit back; the second step
    // (server/second-factor) clears the account's count. The sign-in itself ends in SignInService.
    if (await this.secondFactors.hasSecondFactor(admin.id)) {
      await this.lockout.passwordRight(client);
      return admin;
    }
    await this.lockout.succeeded(account, client);
    return admin;
  }
}
