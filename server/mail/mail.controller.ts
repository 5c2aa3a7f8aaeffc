import { Controller, Get, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse } from '@nestjs/swagger';
import { ApiErrorText } from '../common/api-docs';
import { MailStatusDto, TestMailReply } from './dto/mail-status.dto';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import type { PublicAdmin } from '../admins/admins.service';
import { ApiError } from '../common/api-error';
import { MailSender } from './mail-sender.service';
import { testMail } from './mail-text';
import { MAIL_OFF, OutboxService, type MailStatus } from './outbox.service';

/** Mail's part of Settings: its status, the failed mails, and a test mail. */
@Controller('settings/mail')
export class MailController {
  constructor(
    private readonly outbox: OutboxService,
    private readonly sender: MailSender,
    private readonly dataSource: DataSource,
  ) {}

  @Get()
  @ApiOkResponse({ type: MailStatusDto })
  status(): Promise<MailStatus> {
    return this.outbox.status(this.sender.lastConnection);
  }

  /** A test mail to the signed-in admin, through the outbox like every mail: 202, it is on its way. */
  @Post('test')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: TestMailReply, description: 'Queued in the outbox' })
  @ApiErrorText(HttpStatus.CONFLICT, 'Mail is off')
  async sendTest(@Req() req: Request): Promise<{ to: string }> {
    if (!this.outbox.enabled) throw new ApiError(HttpStatus.CONFLICT, MAIL_OFF);
    const admin = req.user as PublicAdmin;
    const content = testMail(await this.outbox.siteName());
    await this.dataSource.transaction((manager) => this.outbox.add(manager, [{ kind: 'test', to: admin.email, ...content }]));
    this.outbox.wake();
    return { to: admin.email };
  }
}
