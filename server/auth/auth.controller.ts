import { toError } from '../common/to-error';
import { Controller, Get, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { PublicAdmin } from '../admins/admins.service';
import { Public } from '../common/public.decorator';
import { LoginGuard } from './login.guard';
import { SESSION_COOKIE } from './session-store.service';

@Controller('admins')
export class AuthController {
  @Public()
  @Get('me')
  me(@Req() req: Request) {
    return { admin: (req.user as PublicAdmin | undefined) ?? null };
  }

  @Public()
  @UseGuards(LoginGuard)
  @Post('login')
  @HttpCode(HttpStatus.OK)
  login(@Req() req: Request) {
    req.session.startedAt = Date.now();
    return { admin: req.user as PublicAdmin };
  }

  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await new Promise<void>((resolve, reject) => req.logout((error) => (error ? reject(toError(error)) : resolve())));
    await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(toError(error)) : resolve())));
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    return { ok: true };
  }
}
