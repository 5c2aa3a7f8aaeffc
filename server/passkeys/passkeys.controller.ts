import { Allow } from '../roles/allow.decorator';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentActor, type SignedInActor } from '../common/actor.decorator';
import { CurrentAdmin, type SignedInAdmin } from '../common/current-admin.decorator';
import { RequiresRecentConfirmation } from '../common/recent-confirmation';
import { ApiErrorText, ApiFieldErrors, FieldErrorsReply, IdReply } from '../common/api-docs';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AddPasskeyDto, PasskeyDto, PasskeyListReply } from './dto/passkey.dto';
import { RegistrationOptionsDto } from './dto/webauthn.dto';
import { PasskeysService } from './passkeys.service';
import { rememberChallenge, relyingParty, takeChallenge } from './relying-party';

/** Your account's passkeys: the signed-in admin's own, added in two steps (options, then the browser's answer). */
@Controller('admins/me/passkeys')
export class PasskeysController {
  constructor(
    private readonly passkeys: PasskeysService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Allow('account.own')
  @Get()
  @ApiOkResponse({ type: PasskeyListReply })
  async list(@CurrentAdmin() admin: SignedInAdmin): Promise<PasskeyListReply> {
    return { data: await this.passkeys.list(admin.id) };
  }

  /** Step one: the options for `navigator.credentials.create()`; their challenge is kept in the session, for one answer. */
  @RequiresRecentConfirmation()
  @Allow('account.own')
  @Post('options')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: RegistrationOptionsDto })
  async options(@Req() req: Request, @CurrentAdmin() admin: SignedInAdmin) {
    const options = await this.passkeys.registrationOptions(admin, relyingParty(this.config));
    rememberChallenge(req, 'register', options.challenge);
    return options;
  }

  /** Step two: the browser's answer, verified against that challenge (used up either way), and the passkey's name. */
  @RequiresRecentConfirmation()
  @Allow('account.own')
  @Post()
  @ApiCreatedResponse({ type: PasskeyDto })
  @ApiFieldErrors('The name is missing or too long, or the passkey could not be verified (keyed `response`)')
  @ApiConflictResponse({ type: FieldErrorsReply, description: 'This passkey is already registered' })
  add(@Body() dto: AddPasskeyDto, @Req() req: Request, @CurrentActor() by: SignedInActor): Promise<PasskeyDto> {
    const challenge = takeChallenge(req, 'register');
    return this.passkeys.add(by, dto, challenge, relyingParty(this.config));
  }

  @RequiresRecentConfirmation()
  @Allow('account.own')
  @Delete(':id')
  @ApiOkResponse({ type: IdReply, description: 'Removed: it signs nobody in any more' })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Passkey not found')
  remove(@Param('id') id: string, @CurrentActor() by: SignedInActor): Promise<IdReply> {
    return this.passkeys.remove(by, id);
  }
}
