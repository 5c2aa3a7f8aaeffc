import { Allow } from '../roles/allow.decorator';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Post, Put } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse } from '@nestjs/swagger';
import { ApiErrorText, ApiFieldErrors } from '../common/api-docs';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { UpdateMailSettingsDto } from './dto/mail-settings.dto';
import { MailSettingsService } from './mail-settings.service';
import { MailStatusDto, TestMailReply } from './dto/mail-status.dto';
import { DataSource } from 'typeorm';
import { CurrentAdmin, type SignedInAdmin } from '../common/current-admin.decorator';
import { ApiError } from '../common/api-error';
import { MailSender } from './mail-sender.service';
import { testMail } from './mail-text';
import { MAIL_OFF, OutboxService, type MailStatus } from './outbox.service';

/** Mail's part of Settings: its server (set here unless SMTP_URL wins), its status, the failed mails, and a test mail. */
@Controller('settings/mail')
export class MailController {
  constructor(
    private readonly outbox: OutboxService,
    private readonly sender: MailSender,
    private readonly dataSource: DataSource,
    private readonly mailSettings: MailSettingsService,
  ) {}

  @Allow('settings.manage')
  @Get()
  @ApiOkResponse({ type: MailStatusDto })
  status(): Promise<MailStatus> {
    return this.outbox.status(this.sender.lastConnection);
  }

  /** Sets the SMTP server; the password, when given, is stored encrypted. Applies without a restart, on every replica within MAIL_POLL_MS. */
  @Allow('settings.manage')
  @Put()
  @ApiOkResponse({ type: MailStatusDto })
  @ApiFieldErrors()
  @ApiErrorText(HttpStatus.CONFLICT, 'SMTP_URL is set in the environment and wins')
  async update(@Body() dto: UpdateMailSettingsDto, @CurrentActor() by: Actor): Promise<MailStatus> {
    await this.mailSettings.save(dto, by);
    this.outbox.wake();
    return this.outbox.status(null);
  }

  /** Forgets the SMTP server set here: mail is off (unless SMTP_URL is set). */
  @Allow('settings.manage')
  @Delete()
  @ApiOkResponse({ type: MailStatusDto })
  @ApiErrorText(HttpStatus.CONFLICT, 'SMTP_URL is set in the environment and wins')
  async clear(@CurrentActor() by: Actor): Promise<MailStatus> {
    await this.mailSettings.clear(by);
    return this.outbox.status(null);
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
