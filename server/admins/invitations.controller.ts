import { Allow } from '../roles/allow.decorator';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { ApiErrorText, ApiFieldErrors, FieldErrorsReply, IdReply } from '../common/api-docs';
import { AdminReply } from './dto/admin.dto';
import { InvitationReply, InvitationsReply } from './dto/mail-replies.dto';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { Public } from '../common/public.decorator';
import { SignInService } from '../account/sign-in.service';
import { toPublicAdmin } from './admins.service';
import { AcceptInvitationDto, CreateInvitationDto } from './dto/mail-links.dto';
import { InvitationsService } from './invitations.service';

@Controller('admins/invitations')
export class InvitationsController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly signIn: SignInService,
  ) {}

  @Allow('admins.manage')
  @Get()
  @ApiOkResponse({ type: InvitationsReply })
  list() {
    return this.invitations.list();
  }

  @Allow('admins.manage')
  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: InvitationReply })
  @ApiFieldErrors()
  @ApiConflictResponse({ type: FieldErrorsReply, description: "An administrator's address, or mail is off (keyed email)" })
  @ApiErrorText(HttpStatus.FORBIDDEN, 'Registration is closed')
  async create(@Body() dto: CreateInvitationDto, @CurrentActor() by: Actor) {
    return { invitation: await this.invitations.create(dto.email, dto.role ?? 'administrator', by) };
  }

  /**
   * The invited person becomes an admin and is signed in at once, ended as every sign-in is
   * (SignInService: a new session, as on login).
   */
  @Public()
  @Post('accept')
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: AdminReply, description: 'The admin, signed in on a new session' })
  @ApiFieldErrors('A bad, used or expired token (keyed token), or a name or password that breaks the rules')
  @ApiConflictResponse({ type: FieldErrorsReply, description: 'The address became an administrator meanwhile' })
  @ApiErrorText(HttpStatus.FORBIDDEN, 'Registration is closed: no invitation works')
  async accept(@Body() dto: AcceptInvitationDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const created = await this.invitations.accept(dto, req.ip ?? null);
    const admin = toPublicAdmin(created);
    await this.signIn.completeSignIn(req, res, admin, { credentialVersion: created.credentialVersion, how: 'invitation' });
    return { admin };
  }

  @Allow('admins.manage')
  @Delete(':id')
  @ApiOkResponse({ type: IdReply })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Invitation not found')
  revoke(@Param('id') id: string, @CurrentActor() by: Actor) {
    return this.invitations.revoke(id, by);
  }
}
