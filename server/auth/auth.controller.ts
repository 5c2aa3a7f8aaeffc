import { toError } from '../common/to-error';
import { Controller, Get, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ActivityService } from '../activity/activity.service';
import type { PublicAdmin } from '../admins/admins.service';
import { Public } from '../common/public.decorator';
import { LoginGuard } from './login.guard';
import { SESSION_COOKIE } from './session-store.service';

@Controller('admins')
export class AuthController {
  constructor(private readonly activity: ActivityService) {}

  @Public()
  @Get('me')
  me(@Req() req: Request) {
    return { admin: (req.user as PublicAdmin | undefined) ?? null };
  }

  @Public()
  @UseGuards(LoginGuard)
  @Post('login')
  @HttpCode(HttpStatus.OK)
  async login(@Req() req: Request) {
    req.session.startedAt = Date.now();
    const admin = req.user as PublicAdmin;
    // After the session is stored (a separate write, so not one transaction with it).
    await this.activity.recordAlone({ by: { admin, address: req.ip ?? null }, action: 'sign-in', kind: 'session', itemId: admin.id });
    return { admin };
  }

  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const admin = req.user as PublicAdmin | undefined;
    if (admin)
      await this.activity.recordAlone({ by: { admin, address: req.ip ?? null }, action: 'sign-out', kind: 'session', itemId: admin.id });
    await new Promise<void>((resolve, reject) => req.logout((error) => (error ? reject(toError(error)) : resolve())));
    await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(toError(error)) : resolve())));
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    return { ok: true };
  }
}
