import { Controller, Get, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ActivityService } from '../activity/activity.service';
import type { PublicAdmin } from '../admins/admins.service';
import { ApiBody, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import { ApiErrorText, OkReply } from '../common/api-docs';
import { Public } from '../common/public.decorator';
import { LoginDto } from './dto/login.dto';
import { SessionReply } from './dto/session.dto';
import { LoginGuard } from './login.guard';
import { SessionsService } from '../account/sessions.service';
import { LoginLockoutService } from '../rate-limit/login-lockout.service';

@Controller('admins')
export class AuthController {
  constructor(
    private readonly activity: ActivityService,
    private readonly sessions: SessionsService,
    private readonly lockout: LoginLockoutService,
  ) {}

  @Public()
  @Get('me')
  @ApiOkResponse({ type: SessionReply, description: 'The logged-in admin, or null' })
  me(@Req() req: Request): SessionReply {
    return { admin: (req.user as PublicAdmin | undefined) ?? null };
  }

  @Public()
  @UseGuards(LoginGuard)
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiBody({ type: LoginDto })
  @ApiOkResponse({
    schema: { oneOf: [{ $ref: getSchemaPath('AdminReply') }, { $ref: getSchemaPath('SecondFactorRequired') }] },
    description: 'Logged in, with a new session cookie and a new device cookie; or, for an admin with a second factor, a half-open session',
  })
  @ApiErrorText(HttpStatus.UNAUTHORIZED, 'Invalid email or password')
  @ApiErrorText(HttpStatus.TOO_MANY_REQUESTS, 'Too many attempts; Retry-After says when to try again')
  async login(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ admin: PublicAdmin } | { twoFactor: 'required' }> {
    if (!req.isAuthenticated()) return { twoFactor: 'required' };
    const admin = req.user as PublicAdmin;
    this.lockout.trustDevice(req, res, admin.id);
    // After the session is stored (a separate write, so not one transaction with it).
    await this.activity.recordAlone({ by: { admin, address: req.ip ?? null }, action: 'sign-in', kind: 'session', itemId: admin.id });
    return { admin };
  }

  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: OkReply, description: 'The session is gone and its cookie cleared' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<OkReply> {
    const admin = req.user as PublicAdmin | undefined;
    if (admin)
      await this.activity.recordAlone({ by: { admin, address: req.ip ?? null }, action: 'sign-out', kind: 'session', itemId: admin.id });
    await this.sessions.endCurrent(req, res);
    return { ok: true as const };
  }
}
