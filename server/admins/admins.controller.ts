import { Allow } from '../roles/allow.decorator';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { SessionsService } from '../account/sessions.service';
import { PagePipe } from '../common/pagination';
import { ApiErrorText, ApiFieldErrors, ApiPage, ErrorReply, FieldErrorsReply, IdReply, OkReply } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { RateLimitService, type RateLimitRule } from '../rate-limit/rate-limit.service';
import { LoginLockoutService } from '../rate-limit/login-lockout.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { CurrentAdmin, signedInAdmin, type SignedInAdmin } from '../common/current-admin.decorator';
import { ActsForSignedIn, Public } from '../common/public.decorator';
import { AdminsService, toPublicAdmin } from './admins.service';
import { AdminReply, AdminRowDto, AdminSessionsEndedReply, RegistrationStatusDto } from './dto/admin.dto';
import { PreferencesDto } from './dto/mail-replies.dto';
import { RequiresRecentConfirmation } from '../common/recent-confirmation';
import { ChangePasswordDto } from './dto/change-password.dto';
import { RegisterAdminDto } from './dto/register-admin.dto';
import { UpdateAdminDto, UpdatePreferencesDto } from './dto/mail-links.dto';
import { RegistrationGuard } from './registration.guard';

/** Wrong current passwords, per admin: a stolen session may not guess its way to the password. */
const CURRENT_PASSWORD_RULE: RateLimitRule = { limit: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

@Controller('admins')
export class AdminsController {
  constructor(
    private readonly adminsService: AdminsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rateLimits: RateLimitService,
    private readonly sessions: SessionsService,
    private readonly lockout: LoginLockoutService,
  ) {}

  /**
   * Whether a visitor may register now, so the register screen says at once when it is closed
   * (RegistrationGuard stays the judge of the post itself).
   */
  @Public()
  @Get('register')
  @ApiOkResponse({ type: RegistrationStatusDto })
  async registration(): Promise<RegistrationStatusDto> {
    const policy = this.config.registration;
    // Asked only where the answer is open to anyone anyway: closed, it would tell strangers whether the site has admins.
    const noAdmin = policy !== 'closed' && (await this.adminsService.count()) === 0;
    return { open: policy === 'open' || noAdmin, firstAdmin: noAdmin };
  }

  /**
   * Registration follows REGISTRATION (see RegistrationGuard). An anonymous first-admin
   * registration is re-checked atomically on insert. The caller's own session is left as it is. A
   * signed-in admin adds the administrator, so REQUIRE_SECOND_FACTOR holds for them here too.
   */
  @Public()
  @ActsForSignedIn()
  @Allow('admins.manage')
  @UseGuards(RegistrationGuard)
  @Post('register')
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: AdminReply })
  @ApiFieldErrors()
  @ApiErrorText(
    HttpStatus.FORBIDDEN,
    'Registration is closed, or the signed-in admin must set up a second factor first (REQUIRE_SECOND_FACTOR)',
  )
  @ApiConflictResponse({ type: FieldErrorsReply, description: 'Email is already registered' })
  async register(@Body() dto: RegisterAdminDto, @Req() req: Request): Promise<AdminReply> {
    const onlyIfFirst = this.config.registration === 'first-admin' && !req.isAuthenticated();
    const admin = signedInAdmin(req);
    const by = admin ? { admin, address: req.ip ?? null } : undefined;
    // A visitor's registration under REGISTRATION=open takes REGISTRATION_ROLE; an administrator adds an administrator.
    const role = admin ? 'administrator' : this.config.registrationRole;
    const created = await this.adminsService.create(dto, { onlyIfFirst, by, address: req.ip ?? null, role });
    return { admin: toPublicAdmin(created) };
  }

  @Allow('admins.manage')
  @Get()
  @ApiPage(AdminRowDto)
  list(@Query('page', PagePipe) page: number) {
    return this.adminsService.list(page, this.config.pageSize);
  }

  /** The caller's own password. Their other sessions end (and their passkeys, if asked); this one stays. */
  @Allow('account.own')
  @Post('me/password')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: OkReply, description: 'Changed; every other session of this admin ended' })
  @ApiFieldErrors('A field failed validation, or the current password is wrong')
  @ApiErrorText(HttpStatus.TOO_MANY_REQUESTS, 'Too many wrong current passwords; Retry-After says when to try again')
  async changePassword(
    @Body() dto: ChangePasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentActor() by: Actor,
  ): Promise<OkReply> {
    const id = by.admin.id;
    const key = `password:admin:${id}`;
    // Counted before the check, as logins are, so simultaneous guesses cannot all slip under the limit.
    const attempt = await this.rateLimits.hit(key, CURRENT_PASSWORD_RULE);
    if (attempt.hits > CURRENT_PASSWORD_RULE.limit) throw ApiError.tooManyAttempts(attempt.retryAfterSeconds);
    const credentialVersion = await this.adminsService.changePassword(id, dto, req, by);
    // The new version untrusted every device cookie; this browser, where the password was just typed, stays trusted.
    this.lockout.trustDevice(req, res, id, credentialVersion);
    await this.rateLimits.reset(key);
    return { ok: true as const };
  }

  /** Your account: "Email me new contact messages", and whether mail is on. */
  @Allow('account.own')
  @Get('me/preferences')
  @ApiOkResponse({ type: PreferencesDto })
  preferences(@CurrentAdmin() admin: SignedInAdmin) {
    return this.adminsService.preferences(admin.id);
  }

  @Allow('account.own')
  @Patch('me/preferences')
  @ApiOkResponse({ type: PreferencesDto })
  @ApiFieldErrors()
  updatePreferences(@Body() dto: UpdatePreferencesDto, @CurrentAdmin() admin: SignedInAdmin) {
    return this.adminsService.updatePreferences(admin.id, dto);
  }

  /**
   * An administrator's "End all sessions" for an admin (a lost laptop, a colleague who left it
   * signed in): logged in Activity, and asks for a recent confirmation like every lasting change.
   * The caller's own current session is kept: signing out is the logout's.
   */
  @RequiresRecentConfirmation()
  @Allow('admins.manage')
  @Post(':id/sessions/end')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: AdminSessionsEndedReply, description: 'Every session of that admin ended, on every replica' })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Admin not found')
  endSessions(@Param('id') id: string, @Req() req: Request, @CurrentActor() by: Actor): Promise<AdminSessionsEndedReply> {
    return this.adminsService.endSessionsOf(id, by, req.sessionID);
  }

  /** An administrator changes an admin's role: from their next request, without signing them out. */
  @Allow('admins.manage')
  @Patch(':id')
  @ApiOkResponse({ type: AdminRowDto })
  @ApiFieldErrors()
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Admin not found')
  @ApiConflictResponse({ type: FieldErrorsReply, description: 'The last administrator cannot be given another role (keyed role)' })
  changeRole(@Param('id') id: string, @Body() dto: UpdateAdminDto, @CurrentActor() by: Actor) {
    return this.adminsService.changeRole(id, dto.role, by);
  }

  /**
   * Removes an admin (never the last) and ends their sessions. An admin may remove themselves:
   * then this session is destroyed too and the cookie cleared, as on logout.
   */
  @Allow('admins.manage')
  @Delete(':id')
  @ApiOkResponse({ type: IdReply, description: 'Removed; their sessions ended' })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Admin not found')
  @ApiConflictResponse({ type: ErrorReply, description: 'The last administrator cannot be removed' })
  async remove(
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentActor() by: Actor,
  ): Promise<IdReply> {
    const removed = await this.adminsService.remove(id, by);
    if (by.admin.id === removed.id) await this.sessions.endCurrent(req, res);
    return removed;
  }
}
