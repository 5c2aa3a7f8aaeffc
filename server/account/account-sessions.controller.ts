import { Allow } from '../roles/allow.decorator';
import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiOkResponse, ApiParam } from '@nestjs/swagger';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { ApiErrorText } from '../common/api-docs';
import { RequiresRecentConfirmation } from '../common/recent-confirmation';
import { AccountSessionsService } from './account-sessions.service';
import { AccountSessionsReply, EndedSessionReply, EndedSessionsReply } from './dto/account-session.dto';

/** Your sessions: where the signed-in admin is signed in, and ending those sessions. */
@Controller('admins/me/sessions')
export class AccountSessionsController {
  constructor(private readonly sessions: AccountSessionsService) {}

  @Allow('account.own')
  @Get()
  @ApiOkResponse({ type: AccountSessionsReply })
  async list(@Req() req: Request, @CurrentActor() by: Actor): Promise<AccountSessionsReply> {
    return { data: await this.sessions.list(by.admin.id, req.sessionID) };
  }

  /** Ends all the other sessions; this one stays. */
  @RequiresRecentConfirmation()
  @Allow('account.own')
  @Post('end-others')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: EndedSessionsReply, description: 'Every other session of this admin ended' })
  async endOthers(@Req() req: Request, @CurrentActor() by: Actor): Promise<EndedSessionsReply> {
    return { ended: await this.sessions.endOthers(req, by) };
  }

  /** Ends one session at once, on every replica. Ending this very session signs out, as logout does. */
  @RequiresRecentConfirmation()
  @Allow('account.own')
  @Delete(':id')
  @ApiParam({ name: 'id', schema: { type: 'string', pattern: '^[0-9a-f]{32}$' }, description: "The session's opaque id from the list" })
  @ApiOkResponse({ type: EndedSessionReply, description: 'The session ended' })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Session not found')
  async end(
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @CurrentActor() by: Actor,
  ): Promise<EndedSessionReply> {
    await this.sessions.end(id, req, res, by);
    return { id };
  }
}
