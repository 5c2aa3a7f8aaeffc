import { Allow } from '../roles/allow.decorator';
import { Body, Controller, Delete, Get, Headers, HttpCode, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrorText, ApiFieldErrors, ApiPage, ApiTextQuery, FieldErrorsReply, IdReply, IdsReply } from '../common/api-docs';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { BulkIdsDto } from '../common/by-id-or-404';
import { renderMarkdown } from '../common/markdown';
import { PagePipe } from '../common/pagination';
import { ApiNeedsTranslationQuery, needsTranslationOf } from '../translations/translations.module';
import { ApiIfMatch, ETAG_HEADER, StaleVersionReply } from '../revisions/revisions.module';
import { etagOf, parseIfMatch } from '../revisions/revisions.service';
import { CreatePageDto } from './dto/create-page.dto';
import { PageDetailDto, PageDto, PageListItemDto, PagePreviewDto, PreviewPageDto } from './dto/page.dto';
import { UpdatePageDto } from './dto/update-page.dto';
import { PagesService } from './pages.service';
import { BODY_UNDER } from './page.entity';

const SLUG_ERRORS = 'A field failed validation, or the address (slug) is one the site or the app uses itself';

/** The company's own pages (issue #37), as /api/news is for articles. A photo is stored by POST /api/photos, then named as `photo`. */
@Controller('pages')
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  /**
   * `?page=N` pages through all pages; `?title=text` searches instead (unpaged, at most 100);
   * `?needsTranslation=de|any` keeps those that need translating (issue #41).
   */
  @Allow('pages.write')
  @Get()
  @ApiPage(PageListItemDto)
  @ApiNeedsTranslationQuery()
  @ApiTextQuery('title', 'Search instead: titles containing this text, newest first, at most 100, unpaged')
  list(@Query('page', PagePipe) page: number, @Query('title') title: unknown, @Query('needsTranslation') needsTranslation: unknown) {
    if (title !== undefined && typeof title !== 'string') throw ApiError.field('title', 'Title must be text');
    const text = title?.trim() ?? '';
    const needs = needsTranslationOf(needsTranslation);
    return text === '' ? this.pages.list(page, needs) : this.pages.search(text, needs);
  }

  @Allow('pages.write')
  @Get(':id')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Page not found')
  @ApiOkResponse({ type: PageDetailDto, headers: ETAG_HEADER })
  async findOne(@Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<PageDetailDto> {
    const page = await this.pages.findOne(id);
    res.setHeader('ETag', etagOf(page.version));
    return { ...page, bodyHtml: renderMarkdown(page.body, BODY_UNDER) };
  }

  /** The page form's Preview tab: the body rendered by the public page's rules; nothing is saved. */
  @Allow('pages.write')
  @Post('preview')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: PagePreviewDto })
  @ApiFieldErrors()
  preview(@Body() dto: PreviewPageDto): PagePreviewDto {
    return { html: renderMarkdown(dto.body, BODY_UNDER) };
  }

  @Allow('pages.write')
  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: PageDto })
  @ApiFieldErrors(SLUG_ERRORS)
  @ApiConflictResponse({ type: FieldErrorsReply, description: 'Another page already has this address (keyed slug)' })
  create(@Body() dto: CreatePageDto, @CurrentActor() by: Actor): Promise<PageDto> {
    return this.pages.create(dto, by);
  }

  @Allow('pages.write')
  @Patch(':id')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Page not found')
  @ApiOkResponse({ type: PageDto })
  @ApiFieldErrors(SLUG_ERRORS)
  @ApiIfMatch('The version', false)
  @ApiConflictResponse({
    description: 'Another page already has this address (keyed slug), or the version sent in If-Match is not the current one',
    schema: { oneOf: [{ $ref: getSchemaPath(FieldErrorsReply) }, { $ref: getSchemaPath(StaleVersionReply) }] },
  })
  update(
    @Param('id') id: string,
    @Body() dto: UpdatePageDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentActor() by: Actor,
  ): Promise<PageDto> {
    return this.pages.update(id, dto, by, parseIfMatch(ifMatch));
  }

  /** Moves up to 100 to the trash at once, all or none. */
  @Allow('trash.manage')
  @Post('bulk-delete')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: IdsReply, description: 'Moved to the trash, all of them' })
  @ApiFieldErrors('More than 100 ids, none, or one that is not a UUID')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Page not found: one of them is unknown or in the trash already, and nothing changed')
  removeMany(@Body() dto: BulkIdsDto, @CurrentActor() by: Actor): Promise<IdsReply> {
    return this.pages.removeMany(dto.ids, by);
  }

  @Allow('trash.manage')
  @Delete(':id')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Page not found')
  @ApiOkResponse({ type: IdReply, description: 'Moved to the trash' })
  remove(@Param('id') id: string, @CurrentActor() by: Actor): Promise<IdReply> {
    return this.pages.remove(id, by);
  }
}
