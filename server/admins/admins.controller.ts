import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '../auth/session-store.service';
import { PagePipe } from '../common/page.pipe';
import { ApiError } from '../common/api-error';
import { RateLimitService, type RateLimitRule } from '../common/rate-limit.service';
import { toError } from '../common/to-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { Public } from '../common/public.decorator';
import { AdminsService, toPublicAdmin, type PublicAdmin } from './admins.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { RegisterAdminDto } from './dto/register-admin.dto';
import { RegistrationGuard } from './registration.guard';

/** Wrong current passwords, per admin: a stolen session may not guess its way to the password. */
const CURRENT_PASSWORD_RULE: RateLimitRule = { limit: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

@Controller('admins')
export class AdminsController {
  constructor(
    private readonly adminsService: AdminsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rateLimits: RateLimitService,
  ) {}

  /**
   * Registration follows REGISTRATION (see RegistrationGuard). An anonymous first-admin
   * registration is re-checked atomically on insert. The caller's own session is left as it is.
   */
  @Public()
  @UseGuards(RegistrationGuard)
  @Post('register')
  @HttpCode(HttpStatus.CREATED)
  async register(@Body() dto: RegisterAdminDto, @Req() req: Request) {
    const onlyIfFirst = this.config.registration === 'first-admin' && !req.isAuthenticated();
    const by = req.isAuthenticated() ? { admin: req.user as PublicAdmin, address: req.ip ?? null } : undefined;
    const admin = await this.adminsService.create(dto, { onlyIfFirst, by, address: req.ip ?? null });
    return { admin: toPublicAdmin(admin) };
  }

  @Get()
  list(@Query('page', PagePipe) page: number) {
    return this.adminsService.list(page, this.config.pageSize);
  }

  /** The caller's own password. Their other sessions end; this one stays. */
  @Post('me/password')
  @HttpCode(HttpStatus.OK)
  async changePassword(@Body() dto: ChangePasswordDto, @Req() req: Request, @CurrentActor() by: Actor) {
    const id = (req.user as PublicAdmin).id;
    const key = `password:admin:${id}`;
    // Counted before the check, as logins are, so simultaneous guesses cannot all slip under the limit.
    const attempt = await this.rateLimits.hit(key, CURRENT_PASSWORD_RULE);
    if (attempt.hits > CURRENT_PASSWORD_RULE.limit) throw ApiError.tooManyAttempts(attempt.retryAfterSeconds);
    await this.adminsService.changePassword(id, dto, req.sessionID, by);
    await this.rateLimits.reset(key);
    return { ok: true };
  }

  /**
   * Removes an admin (never the last) and ends their sessions. An admin may remove themselves:
   * then this session is destroyed too and the cookie cleared, as on logout.
   */
  @Delete(':id')
  async remove(@Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentActor() by: Actor) {
    const removed = await this.adminsService.remove(id, by);
    if ((req.user as PublicAdmin).id === removed.id) {
      await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(toError(error)) : resolve())));
      res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    }
    return removed;
  }
}
