import { Allow } from '../roles/allow.decorator';
import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiErrorText, ApiFieldErrors } from '../common/api-docs';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import {
  ApiHistoryQuery,
  ApiIfMatch,
  beforeOf,
  limitOf,
  MarkRevisionDto,
  RevisionDetailDto,
  RevisionDto,
  RevisionPageDto,
} from '../revisions/revisions.module';
import { parseIfMatch, RevisionsService, seqOr404, SETTINGS_ITEM, type Revision } from '../revisions/revisions.service';
import { SiteSettings, UpdateSettingsDto } from './dto/update-settings.dto';
import { SettingsService } from './settings.service';

/** A settings restore: always live (the settings have no working copy). */
@ApiSchema({ name: 'SiteSettingsRestored' })
class SettingsRestoredReply {
  @ApiProperty({ enum: ['live'] })
  to: 'live';

  @ApiProperty({ type: SiteSettings })
  item: SiteSettings;

  @ApiProperty({ type: 'null', nullable: true, description: 'Always null: the settings have no working copy' })
  draft: null;
}

/** The site's settings, for administrators (the public pages read them through SettingsService). */
@Controller('settings')
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly revisions: RevisionsService,
  ) {}

  @Allow('settings.read')
  @Get()
  @ApiOkResponse({ type: SiteSettings })
  find(): Promise<SiteSettings> {
    return this.settings.find();
  }

  @Allow('settings.manage')
  @Patch()
  @ApiOkResponse({ type: SiteSettings, description: 'Every setting, as saved' })
  @ApiFieldErrors()
  @ApiIfMatch('The version')
  update(
    @Body() dto: UpdateSettingsDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentActor() by: Actor,
  ): Promise<SiteSettings> {
    return this.settings.update(dto, by, parseIfMatch(ifMatch));
  }

  @Allow('settings.manage')
  @Get('revisions')
  @ApiHistoryQuery()
  @ApiOkResponse({ type: RevisionPageDto, description: 'Newest first' })
  history(@Query('before') before?: string, @Query('limit') limit?: string): Promise<RevisionPageDto> {
    return this.revisions.list('settings', SETTINGS_ITEM, beforeOf(before), limitOf(limit));
  }

  @Allow('settings.manage')
  @Get('revisions/:seq')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Revision not found')
  @ApiOkResponse({ type: RevisionDetailDto })
  revision(@Param('seq') seq: string): Promise<RevisionDetailDto> {
    return this.revisions.find('settings', SETTINGS_ITEM, seqOr404(seq));
  }

  @Allow('settings.manage')
  @Patch('revisions/:seq')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Revision not found')
  @ApiFieldErrors()
  @ApiOkResponse({ type: RevisionDto })
  mark(@Param('seq') seq: string, @Body() dto: MarkRevisionDto): Promise<Revision> {
    return this.revisions.mark('settings', SETTINGS_ITEM, seqOr404(seq), dto);
  }

  /** Makes the revision's settings live again, writing a `restored` revision naming it. */
  @Allow('settings.manage')
  @Post('revisions/:seq/restore')
  @HttpCode(HttpStatus.OK)
  @ApiIfMatch('The version')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Revision not found')
  @ApiOkResponse({ type: SettingsRestoredReply })
  async restore(
    @Param('seq') seq: string,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentActor() by: Actor,
  ): Promise<SettingsRestoredReply> {
    const item = await this.settings.restore(seqOr404(seq), by, parseIfMatch(ifMatch));
    return { to: 'live', item, draft: null };
  }
}
