import { Allow } from '../roles/allow.decorator';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiQuery } from '@nestjs/swagger';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { BulkIdsDto } from '../common/by-id-or-404';
import { ApiErrorText, ApiFieldErrors, ApiPage, ApiTextQuery, IdReply, IdsReply } from '../common/api-docs';
import { PagePipe } from '../common/pagination';
import { Public } from '../common/public.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ContactMessage } from './contact-message.entity';
import { ContactPostLimitGuard, limitedAddress } from './contact-post-limit.guard';
import { ContactUsService } from './contact-us.service';
import { csvDateTime, streamCsv } from './csv';
import { ContactMessageDto } from './dto/contact-message.dto';
import { BulkReadDto } from './dto/bulk-read.dto';
import { CreateContactMessageDto } from './dto/create-contact-message.dto';
import { NAME_FILTER_MAX, NameFilterPipe, UnreadFilterPipe } from './name-filter.pipe';

/**
 * The zone of the export's dates. The site has no time zone setting yet, so its dates are UTC, and
 * the Date column's header says so.
 */
const CSV_TIME_ZONE = 'UTC';

const CSV_HEADER = ['Name', 'Phone', 'Email', 'Message', `Date (${CSV_TIME_ZONE})`];

function csvCells(message: ContactMessage): string[] {
  return [message.name, message.phno, message.email, message.msg, csvDateTime(message.createdAt, CSV_TIME_ZONE)];
}

/** What `?name=` searches (the parameter keeps the name the spec gives it). */
const SEARCH_TEXT = "Only the messages whose sender's name, email address or message contains this text (ignoring case)";

@Controller('contactus')
export class ContactUsController {
  constructor(
    private readonly contactUs: ContactUsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A visitor leaves a message. The reply carries only the new id. A filled honeypot is answered
   * the same way, with an id that names nothing, and nothing is stored.
   */
  @Public()
  @UseGuards(ContactPostLimitGuard)
  @Post()
  @ApiCreatedResponse({ type: IdReply })
  @ApiFieldErrors()
  @ApiErrorText(HttpStatus.TOO_MANY_REQUESTS, 'Too many messages from this address; Retry-After says when to try again')
  async create(@Body() dto: CreateContactMessageDto, @Req() req: Request): Promise<{ id: string }> {
    return { id: await this.contactUs.receive(dto, limitedAddress(req)) };
  }

  @Allow('contactus.manage')
  @Get()
  @ApiPage(ContactMessageDto)
  @ApiTextQuery('name', SEARCH_TEXT, NAME_FILTER_MAX)
  @ApiQuery({
    name: 'unread',
    required: false,
    enum: ['true', 'false'],
    description: 'true: only the unread messages; false: only the read ones',
  })
  list(
    @Query('page', PagePipe) page: number,
    @Query('name', NameFilterPipe) name: string | undefined,
    @Query('unread', UnreadFilterPipe) unread: boolean | undefined,
  ) {
    return this.contactUs.list(page, this.config.pageSize, name, unread);
  }

  /** Declared before `:id`, which would otherwise take `export.csv` for an id. */
  @Allow('contactus.manage')
  @Get('export.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The matching messages as CSV (UTF-8 with BOM)', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiTextQuery('name', SEARCH_TEXT, NAME_FILTER_MAX)
  async exportCsv(@Query('name', NameFilterPipe) name: string | undefined, @Res() res: Response): Promise<void> {
    await streamCsv(res, {
      filename: 'contact-messages.csv',
      header: CSV_HEADER,
      toCells: csvCells,
      batches: this.contactUs.exportBatches(name),
    });
  }

  /** Moves up to 100 messages to the trash at once, all or none. Declared before `:id` routes. */
  @Allow('contactus.manage')
  @Post('bulk-delete')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: IdsReply, description: 'Moved to the trash, all of them' })
  @ApiFieldErrors('More than 100 ids, none, or one that is not a UUID')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Message not found: one of them is unknown or in the trash already, and nothing changed')
  removeMany(@Body() dto: BulkIdsDto, @CurrentActor() by: Actor): Promise<IdsReply> {
    return this.contactUs.removeMany(dto.ids, by);
  }

  /** Marks up to 100 messages read or unread at once, all or none. Declared before `:id` routes. */
  @Allow('contactus.manage')
  @Post('bulk-read')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: IdsReply, description: 'Read (or unread) now, all of them, for every administrator' })
  @ApiFieldErrors('More than 100 ids, none, one that is not a UUID, or read not true or false')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Message not found: one of them is unknown or in the trash, and nothing changed')
  setReadMany(@Body() dto: BulkReadDto): Promise<IdsReply> {
    return this.contactUs.setReadMany(dto.ids, dto.read);
  }

  @Allow('contactus.manage')
  @Post(':id/read')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: ContactMessageDto, description: 'Read, for every administrator (the first time kept)' })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Message not found')
  markRead(@Param('id') id: string): Promise<ContactMessageDto> {
    return this.contactUs.markRead(id);
  }

  @Allow('contactus.manage')
  @Post(':id/unread')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: ContactMessageDto, description: 'Unread again, for every administrator' })
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Message not found')
  markUnread(@Param('id') id: string): Promise<ContactMessageDto> {
    return this.contactUs.markUnread(id);
  }

  @Allow('contactus.manage')
  @Get(':id')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Message not found')
  @ApiOkResponse({ type: ContactMessageDto })
  findOne(@Param('id') id: string): Promise<ContactMessageDto> {
    return this.contactUs.findOne(id);
  }

  @Allow('contactus.manage')
  @Delete(':id')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Message not found')
  @ApiOkResponse({ type: IdReply, description: 'Moved to the trash' })
  remove(@Param('id') id: string, @CurrentActor() by: Actor): Promise<IdReply> {
    return this.contactUs.remove(id, by);
  }
}
