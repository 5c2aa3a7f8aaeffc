import { Allow } from '../roles/allow.decorator';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { RequiresRecentConfirmation } from '../common/recent-confirmation';
import { ApiErrorText, ApiFieldErrors, OkReply } from '../common/api-docs';
import { EmptyReply, IssuedPasswordReset, PasswordResetAvailability } from './dto/mail-replies.dto';
import { Public } from '../common/public.decorator';
import { OutboxService } from '../mail/outbox.service';
import { ConfirmPasswordResetDto, IssuePasswordResetDto, RequestPasswordResetDto } from './dto/mail-links.dto';
import { PasswordResetService } from './password-reset.service';

@Controller('admins/password-reset')
export class PasswordResetController {
  constructor(
    private readonly passwordReset: PasswordResetService,
    private readonly outbox: OutboxService,
  ) {}

  /** Whether the login screen may offer "Forgot password?" (mail is on). */
  @Public()
  @Get()
  @ApiOkResponse({ type: PasswordResetAvailability })
  available(): { available: boolean } {
    return { available: this.outbox.enabled };
  }

  /** 202 `{}` for any well-formed address, an admin's or not. */
  @Public()
  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: EmptyReply, description: 'The same for every address' })
  @ApiFieldErrors()
  @ApiErrorText(HttpStatus.CONFLICT, 'Mail is off')
  @ApiErrorText(HttpStatus.TOO_MANY_REQUESTS, 'Too many requests for this address or from this client')
  async request(@Body() dto: RequestPasswordResetDto, @Req() req: Request): Promise<Record<string, never>> {
    await this.passwordReset.request(dto.email, req.ip ?? 'unknown');
    return {};
  }

  @Public()
  @Post('confirm')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: OkReply, description: 'Set; every session of the admin ended' })
  @ApiFieldErrors('A bad, used or expired token (keyed token), or a password that breaks the rules')
  async confirm(@Body() dto: ConfirmPasswordResetDto, @Req() req: Request): Promise<{ ok: true }> {
    await this.passwordReset.confirm(dto.token, dto.newPassword, req.ip ?? 'unknown');
    return { ok: true };
  }
}

/** An administrator's password reset for a colleague (the Admins screen): by mail, or a link to hand over. */
@Controller('admins')
export class AdminPasswordResetController {
  constructor(private readonly passwordReset: PasswordResetService) {}

  /** Whoever holds the link sets the account's password: a lasting change, so a recent confirmation is asked for. */
  @RequiresRecentConfirmation()
  @Allow('admins.manage')
  @Post(':id/password-reset')
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: IssuedPasswordReset, description: 'Mailed, or (delivery link) the one-time link, valid an hour' })
  @ApiFieldErrors()
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Admin not found')
  @ApiErrorText(HttpStatus.CONFLICT, 'Mail is off (delivery mail)')
  issue(@Param('id') id: string, @Body() dto: IssuePasswordResetDto, @CurrentActor() by: Actor): Promise<IssuedPasswordReset> {
    return this.passwordReset.issueFor(id, dto.delivery ?? 'mail', by);
  }
}
