import { Allow } from '../roles/allow.decorator';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiParam, getSchemaPath } from '@nestjs/swagger';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { ApiErrorText, ApiFieldErrors, ApiPage, IdReply, IdsReply } from '../common/api-docs';
import { PagePipe } from '../common/pagination';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BulkTrashDto } from './dto/bulk-trash.dto';
import { TrashItemDto, TrashPageDto } from './dto/trash-item.dto';
import { contentKind, TRASH_KINDS } from '../content/content-kinds';
import { TrashService } from './trash.service';

/** Which kind of item, as the API's paths name them. */
const ApiKind = () => ApiParam({ name: 'kind', enum: TRASH_KINDS, enumName: 'TrashKind' });

@Controller('trash')
export class TrashController {
  constructor(
    private readonly trash: TrashService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Allow('trash.manage')
  @Get()
  @ApiPage(TrashItemDto, TrashPageDto)
  async list(@Query('page', PagePipe) page: number): Promise<TrashPageDto> {
    // How long an item stays (TRASH_DAYS), so the screen can say it.
    return { ...(await this.trash.list(page)), trashDays: this.config.trashDays };
  }

  /** Takes up to 100 items out of the trash at once, all or none. */
  @Allow('trash.manage')
  @Post('bulk-restore')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: IdsReply, description: 'Restored, all of them' })
  @ApiFieldErrors('More than 100 items, none, or one with an unknown kind or an id that is not a UUID')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'One of them is unknown or no longer in the trash (e.g. "News not found"), and nothing changed')
  restoreMany(@Body() dto: BulkTrashDto, @CurrentActor() by: Actor): Promise<IdsReply> {
    return this.trash.restoreMany(dto.items, by);
  }

  /** Deletes up to 100 items in the trash for good, all or none. */
  @Allow('trash.purge')
  @Post('bulk-purge')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: IdsReply, description: 'Deleted for good, all of them' })
  @ApiFieldErrors('More than 100 items, none, or one with an unknown kind or an id that is not a UUID')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'One of them is unknown or no longer in the trash (e.g. "News not found"), and nothing changed')
  purgeMany(@Body() dto: BulkTrashDto, @CurrentActor() by: Actor): Promise<IdsReply> {
    return this.trash.purgeMany(dto.items, by);
  }

  @Allow('trash.manage')
  @Post(':kind/:id/restore')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'No such item in the trash')
  @HttpCode(HttpStatus.OK)
  @ApiKind()
  // The schemas by name: another resource's reply classes are not this module's to import.
  @ApiOkResponse({
    description: 'The restored item, as its own resource answers it',
    schema: { oneOf: TRASH_KINDS.map((kind) => ({ $ref: getSchemaPath(contentKind(kind).schema) })) },
  })
  restore(@Param('kind') kind: string, @Param('id') id: string, @CurrentActor() by: Actor) {
    return this.trash.restore(kind, id, by);
  }

  @Allow('trash.purge')
  @Delete(':kind/:id')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'No such item in the trash')
  @ApiKind()
  @ApiOkResponse({ type: IdReply, description: 'Deleted for good' })
  purge(@Param('kind') kind: string, @Param('id') id: string, @CurrentActor() by: Actor) {
    return this.trash.purge(kind, id, by);
  }
}
