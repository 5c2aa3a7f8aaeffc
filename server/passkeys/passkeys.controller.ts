import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PublicAdmin } from '../admins/admins.service';
import { ApiErrorText, ApiFieldErrors, FieldErrorsReply, IdReply } from '../common/api-docs';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AddPasskeyDto, PasskeyDto, PasskeyListReply } from './dto/passkey.dto';
import { RegistrationOptionsDto } from './dto/webauthn.dto';
import { PasskeysService, type PasskeyOwner } from './passkeys.service';
import { rememberChallenge, relyingParty, takeChallenge } from './relying-party';

function ownerOf(req: Request): PasskeyOwner {
  return { admin: req.user as PublicAdmin, address: req.ip ?? null };
}

/** Your account's passkeys: the signed-in admin's own, added in two steps (options, then the browser's answer). */
@Controller('admins/me/passkeys')
export class PasskeysController {
  constructor(
    private readonly passkeys: PasskeysService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOkResponse({ type: PasskeyListReply })
  async list(@Req() req: Request): Promise<PasskeyListReply> {
    return { data: await this.passkeys.list((req.user as PublicAdmin).id) };
  }

  /** Step one: the options for `navigator.credentials.create()`; their challenge is kept in the session, for one answer. */
  @Post('options')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: RegistrationOptionsDto })
  async options(@Req() req: Request) {
    const options = await this.passkeys.registrationOptions(req.user as PublicAdmin, relyingParty(this.config));
    rememberChallenge(req, 'register', options.challenge);
    return options;
  }

  /** Step two: the browser's answer, verified against that challenge (used up either way), and the passkey's name. */
  @Post()
  @ApiCreatedResponse({ type: PasskeyDto })
  @ApiFieldErrors('The name is missing or too long, or the passkey could not be verified (keyed `response`)')
  @ApiConflictResponse({ type: FieldErrorsReply, description: 'This passkey is already registered' })
  add(@Body() dto: AddPasskeyDto, @Req() req: Request): Promise<PasskeyDto> {
    const challenge = takeChallenge(req, 'register');
    return this.passkeys.add(ownerOf(req), dto, challenge, relyingParty(this.config));
  }

  @Delete(':id')
  @ApiOkResponse({ type: IdReply, description: 'Removed: it signs nobody in any more' })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Passkey not found')
  remove(@Param('id') id: string, @Req() req: Request): Promise<IdReply> {
    return this.passkeys.remove(ownerOf(req), id);
  }
}
