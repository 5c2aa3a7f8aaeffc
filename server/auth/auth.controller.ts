import { Controller, Get, HttpCode, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ActivityService } from '../activity/activity.service';
import { signedInAdmin, type SignedInAdmin } from '../common/current-admin.decorator';
import { ApiBody, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import { ApiErrorText, OkReply } from '../common/api-docs';
import { Public } from '../common/public.decorator';
import { permissionsOf } from '../roles/permissions';
import { LoginDto } from './dto/login.dto';
import { SessionReply } from './dto/session.dto';
import { LoginGuard } from './login.guard';
import { SessionsService } from '../account/sessions.service';

@Controller('admins')
export class AuthController {
  constructor(
    private readonly activity: ActivityService,
    private readonly sessions: SessionsService,
  ) {}

  @Public()
  @Get('me')
  @ApiOkResponse({ type: SessionReply, description: 'The logged-in admin, or null, and what their role may do' })
  me(@Req() req: Request): SessionReply {
    const admin = signedInAdmin(req);
    return admin ? { admin, can: permissionsOf(admin.role) } : { admin: null };
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
  login(@Req() req: Request): { admin: SignedInAdmin } | { twoFactor: 'required' } {
    // LoginGuard has signed the admin in (SignInService), or held them for the second step.
    const admin = signedInAdmin(req);
    return admin ? { admin } : { twoFactor: 'required' };
  }

  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: OkReply, description: 'The session is gone and its cookie cleared' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<OkReply> {
    const admin = signedInAdmin(req);
    if (admin)
      await this.activity.recordAlone({ by: { admin, address: req.ip ?? null }, action: 'sign-out', kind: 'session', itemId: admin.id });
    await this.sessions.endCurrent(req, res);
    return { ok: true as const };
  }
}
