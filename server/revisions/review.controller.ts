import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Param, Post, type Type } from '@nestjs/common';
import { ApiBody, ApiConflictResponse, ApiOkResponse, ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { ApiErrorText, ApiFieldErrors, FieldErrorsReply, PageOf } from '../common/api-docs';
import type { Paged } from '../common/pagination';
import { StorableText, validateBody } from '../common/validation';
import { contentKind } from '../content/content-kinds';
import { Allow } from '../roles/allow.decorator';
import { KIND_RULES } from '../roles/permissions';
import { RevisionAdminDto } from './dto/revision.dto';
import type { ItemEditor, VersionedItem } from './item-editor';
import { REVIEW_LIST_LIMIT, ReviewService, type ReviewKind, type WaitingItem } from './review.service';
import { idOr404 } from './revisions.service';

/** POST /api/<kind>/:id/return: the note the author reads on the item. */
@ApiSchema({ name: 'ReturnForReview' })
export class ReturnDto {
  @ApiProperty({ minLength: 1, maxLength: 2000, description: 'What to change, for the author' })
  @MaxLength(2000, { message: 'Note must be at most 2000 characters' })
  @StorableText('Note')
  @IsString({ message: 'Note must be text' })
  @IsNotEmpty({ message: 'Note is required' })
  note: string;
}

/**
 * The review routes of one kind (issue #39), under its own path (`/api/news/:id/submit`, `…/return`),
 * made here once for every kind authors write and editors publish; each kind's module declares its
 * own, as it does its history routes.
 */
export function reviewController(kind: ReviewKind, editor: Type<ItemEditor>, item: Type): Type {
  const { resource } = contentKind(kind);
  const rules = KIND_RULES[kind];

  @Controller(kind)
  class ReviewController {
    constructor(
      @Inject(editor) readonly items: ItemEditor,
      readonly review: ReviewService,
    ) {}

    /** Submitted for review: administrators and editors get a mail and see it waiting. Answers the item. */
    @Allow(rules.write)
    @Post(':id/submit')
    @HttpCode(HttpStatus.OK)
    @ApiOkResponse({ type: item, description: 'Its `review` is `submitted`' })
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found`)
    @ApiConflictResponse({ type: FieldErrorsReply, description: 'It is published and has no draft: nothing to review (keyed id)' })
    async submit(@Param('id') id: string, @CurrentActor() by: Actor): Promise<VersionedItem> {
      const itemId = idOr404(kind, id);
      await this.review.submit(kind, itemId, by);
      return this.items.findOne(itemId);
    }

    /** Sent back with a note the author sees on the item (and gets by mail). Answers the item. */
    @Allow(rules.publish)
    @Post(':id/return')
    @HttpCode(HttpStatus.OK)
    @ApiOkResponse({ type: item, description: 'Its `review` is `returned`, with `reviewNote`' })
    @ApiFieldErrors()
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found`)
    @ApiConflictResponse({ type: FieldErrorsReply, description: 'It is not waiting for review (keyed id)' })
    @ApiBody({ type: ReturnDto })
    async sendBack(@Param('id') id: string, @Body() body: unknown, @CurrentActor() by: Actor): Promise<VersionedItem> {
      const itemId = idOr404(kind, id);
      // The item's 404 before the body's 400, as every route's path is judged before its body.
      await this.items.findOne(itemId);
      const dto = await validateBody(body, ReturnDto);
      await this.review.sendBack(kind, itemId, dto.note, by);
      return this.items.findOne(itemId);
    }
  }
  Object.defineProperty(ReviewController, 'name', { value: `${contentKind(kind).schema}ReviewController` });
  return ReviewController;
}

/** An item on the "Waiting for review" list. */
@ApiSchema({ name: 'WaitingForReview' })
export class WaitingItemDto {
  @ApiProperty({ enum: ['news', 'pages'], description: 'Its kind, as in its address (`/api/news/:id`, `/api/pages/:id`)' })
  kind: 'news' | 'pages';

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  title: string;

  @ApiProperty({ enum: ['draft', 'published'] })
  status: 'draft' | 'published';

  @ApiProperty({ description: 'Published, with a working copy: its changes are what waits' })
  hasDraft: boolean;

  @ApiProperty({ description: 'Its last change' })
  updatedAt: Date;

  @ApiProperty({ type: RevisionAdminDto, nullable: true, description: 'Who wrote it (null: removed since, or from before roles)' })
  createdBy: RevisionAdminDto | null;
}

/** GET /api/review: everything submitted that its reader may publish (issue #39's "Waiting for review"). */
@Controller('review')
export class ReviewListController {
  constructor(private readonly review: ReviewService) {}

  /** The submitted news and pages that the signed-in admin may publish, the longest waiting first. */
  @Allow('news.publish')
  @Get()
  @ApiOkResponse({ type: PageOf(WaitingItemDto), description: `One unpaged list: at most ${REVIEW_LIST_LIMIT}, the longest waiting first` })
  list(@CurrentActor() by: Actor): Promise<Paged<WaitingItem>> {
    return this.review.list(by);
  }
}
