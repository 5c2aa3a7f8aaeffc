import { Allow } from '../roles/allow.decorator';
import { Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse } from '@nestjs/swagger';
import { ApiErrorText } from '../common/api-docs';
import { MailStatusDto, TestMailReply } from './dto/mail-status.dto';
import { DataSource } from 'typeorm';
import { CurrentAdmin, type SignedInAdmin } from '../common/current-admin.decorator';
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

  @Allow('settings.manage')
  @Get()
  @ApiOkResponse({ type: MailStatusDto })
  status(): Promise<MailStatus> {
    return this.outbox.status(this.sender.lastConnection);
  }

  /** A test mail to the signed-in admin, through the outbox like every mail: 202, it is on its way. */
  @Allow('settings.manage')
  @Post('test')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: TestMailReply, description: 'Queued in the outbox' })
  @ApiErrorText(HttpStatus.CONFLICT, 'Mail is off')
  async sendTest(@CurrentAdmin() admin: SignedInAdmin): Promise<{ to: string }> {
    if (!this.outbox.enabled) throw new ApiError(HttpStatus.CONFLICT, MAIL_OFF);
    const content = testMail(await this.outbox.siteName());
    await this.dataSource.transaction((manager) => this.outbox.add(manager, [{ kind: 'test', to: admin.email, ...content }]));
    this.outbox.wake();
    return { to: admin.email };
  }
}
