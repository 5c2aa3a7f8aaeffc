import { Body, Controller, Delete, Get, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { PagePipe } from '../common/page.pipe';
import { Public } from '../common/public.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ContactMessage } from './contact-message.entity';
import { ContactPostLimitGuard, limitedAddress } from './contact-post-limit.guard';
import { ContactUsService } from './contact-us.service';
import { streamCsv } from './csv';
import { CreateContactMessageDto } from './dto/create-contact-message.dto';
import { NameFilterPipe } from './name-filter.pipe';

const CSV_HEADER = ['Name', 'Phone', 'Email', 'Message', 'Date'];

function csvCells(message: ContactMessage): string[] {
  return [message.name, message.phno, message.email, message.msg, message.createdAt.toISOString()];
}

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
  async create(@Body() dto: CreateContactMessageDto, @Req() req: Request): Promise<{ id: string }> {
    return { id: await this.contactUs.receive(dto, limitedAddress(req)) };
  }

  @Get()
  list(@Query('page', PagePipe) page: number, @Query('name', NameFilterPipe) name: string | undefined) {
    return this.contactUs.list(page, this.config.pageSize, name);
  }

  /** Declared before `:id`, which would otherwise take `export.csv` for an id. */
  @Get('export.csv')
  async exportCsv(@Query('name', NameFilterPipe) name: string | undefined, @Res() res: Response): Promise<void> {
    await streamCsv(res, {
      filename: 'contact-messages.csv',
      header: CSV_HEADER,
      toCells: csvCells,
      batches: this.contactUs.exportBatches(name),
    });
  }

  @Get(':id')
  findOne(@Param('id') id: string) {
    return this.contactUs.findOne(id);
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentActor() by: Actor) {
    return this.contactUs.remove(id, by);
  }
}
