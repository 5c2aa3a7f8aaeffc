import { Allow } from '../roles/allow.decorator';
import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  Res,
  UploadedFile,
} from '@nestjs/common';
import type { Response } from 'express';
import { ApiIfMatch, ETAG_HEADER, StaleVersionReply } from '../revisions/revisions.module';
import { etagOf, parseIfMatch } from '../revisions/revisions.service';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import { ApiErrorText, ApiFieldErrors, ApiPage, ApiTextQuery, FieldErrorsReply, IdReply, IdsReply } from '../common/api-docs';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { BulkIdsDto } from '../common/by-id-or-404';
import { ApiError } from '../common/api-error';
import { PagePipe } from '../common/pagination';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { renderMarkdown } from '../common/markdown';
import { CreateNewsDto } from './dto/create-news.dto';
import { NewsDetailDto, NewsDto, NewsListItemDto, NewsPreviewDto, PhotoLimitsDto } from './dto/news.dto';
import { ApiNeedsTranslationQuery, needsTranslationOf } from '../translations/translations.module';
import { PreviewNewsDto } from './dto/preview-news.dto';
import { UpdateNewsDto } from './dto/update-news.dto';
import { NewsService } from './news.service';
import { photoLimits } from './photos/photo-processor';
import { PhotoUpload } from './photos/photo-upload.interceptor';

@Controller('news')
export class NewsController {
  constructor(
    private readonly newsService: NewsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `?page=N` pages through all articles; `?title=text` searches instead (unpaged, at most 100);
   * `?needsTranslation=de|any` keeps those that need translating (issue #41).
   */
  @Allow('news.write')
  @Get()
  @ApiPage(NewsListItemDto)
  @ApiNeedsTranslationQuery()
  @ApiTextQuery(
    'title',
    'Search instead: titles containing this text, newest first, at most 100, unpaged (a text longer than any title finds none)',
  )
  list(@Query('page', PagePipe) page: number, @Query('title') title: unknown, @Query('needsTranslation') needsTranslation: unknown) {
    if (title !== undefined && typeof title !== 'string') throw ApiError.field('title', 'Title must be text');
    const text = title?.trim() ?? '';
    const needs = needsTranslationOf(needsTranslation);
    return text === '' ? this.newsService.list(page, needs) : this.newsService.search(text, needs);
  }

  /** What a photo may be, so the client judges a picked file before anything is saved. */
  @Allow('news.write')
  @Get('photo-limits')
  @ApiOkResponse({ type: PhotoLimitsDto })
  photoLimits(): PhotoLimitsDto {
    return photoLimits(this.config.uploadMaxBytes);
  }

  /** The article, with its About text rendered as the public page renders it (the admin detail shows that). */
  @Allow('news.write')
  @Get(':id')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'News not found')
  @ApiOkResponse({ type: NewsDetailDto, headers: ETAG_HEADER })
  async findOne(@Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<NewsDetailDto> {
    const article = await this.newsService.findOne(id);
    res.setHeader('ETag', etagOf(article.version));
    return { ...article, aboutHtml: renderMarkdown(article.about) };
  }

  /** The news form's Preview tab: the About text rendered by the public page's rules; nothing is saved. */
  @Allow('news.write')
  @Post('preview')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: NewsPreviewDto })
  preview(@Body() dto: PreviewNewsDto): NewsPreviewDto {
    return { html: renderMarkdown(dto.about) };
  }

  @Allow('news.write')
  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: NewsDto })
  @ApiFieldErrors()
  @ApiConflictResponse({ type: FieldErrorsReply, description: 'Another article already has this address (keyed slug)' })
  create(@Body() dto: CreateNewsDto, @CurrentActor() by: Actor): Promise<NewsDto> {
    return this.newsService.create(dto, by);
  }

  @Allow('news.write')
  @Patch(':id')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'News not found')
  @ApiOkResponse({ type: NewsDto })
  @ApiFieldErrors()
  @ApiIfMatch('The version', false)
  @ApiConflictResponse({
    description: 'Another article already has this address (keyed slug), or the version sent in If-Match is not the current one',
    schema: { oneOf: [{ $ref: getSchemaPath(FieldErrorsReply) }, { $ref: getSchemaPath(StaleVersionReply) }] },
  })
  update(
    @Param('id') id: string,
    @Body() dto: UpdateNewsDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentActor() by: Actor,
  ): Promise<NewsDto> {
    return this.newsService.update(id, dto, by, parseIfMatch(ifMatch));
  }

  /**
   * Multipart with the field `photo`: stores it and saves the article with it, as POST /api/photos
   * and a PATCH with `photo` do. Without a file nothing changes (the spec's client always sends this call).
   */
  @Allow('news.write')
  @Post(':id/upload')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'News not found')
  @PhotoUpload('JPEG, PNG or WebP; without it nothing changes (200)', { required: false })
  @ApiOkResponse({ type: NewsDto })
  upload(@Param('id') id: string, @UploadedFile() file: { buffer: Buffer } | undefined, @CurrentActor() by: Actor): Promise<NewsDto> {
    return this.newsService.uploadPhoto(id, file?.buffer, by);
  }

  /**
   * Removes the article's photo, as a PATCH with `photo: null` does (round 3's route, kept for the
   * clients written against it); its files (every size) go once the change has committed.
   */
  @Allow('news.write')
  @Delete(':id/photo')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'News not found')
  @ApiOkResponse({ type: NewsDto, description: 'The article, with photo null' })
  deletePhoto(@Param('id') id: string, @CurrentActor() by: Actor): Promise<NewsDto> {
    return this.newsService.update(id, { photo: null }, by);
  }

  /** Moves up to 100 to the trash at once, all or none. */
  @Allow('trash.manage')
  @Post('bulk-delete')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: IdsReply, description: 'Moved to the trash, all of them' })
  @ApiFieldErrors('More than 100 ids, none, or one that is not a UUID')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'News not found: one of them is unknown or in the trash already, and nothing changed')
  removeMany(@Body() dto: BulkIdsDto, @CurrentActor() by: Actor): Promise<IdsReply> {
    return this.newsService.removeMany(dto.ids, by);
  }

  @Allow('trash.manage')
  @Delete(':id')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'News not found')
  @ApiOkResponse({ type: IdReply, description: 'Moved to the trash' })
  remove(@Param('id') id: string, @CurrentActor() by: Actor): Promise<IdReply> {
    return this.newsService.remove(id, by);
  }
}
