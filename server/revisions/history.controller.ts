import {
  applyDecorators,
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
  Put,
  Query,
  type Type,
} from '@nestjs/common';
import { ApiConflictResponse, ApiHeader, ApiNoContentResponse, ApiOkResponse, ApiProperty, ApiQuery, ApiSchema } from '@nestjs/swagger';
import { ApiErrorText, ApiFieldErrors } from '../common/api-docs';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { contentKind, snapshotOf, type DraftKind } from '../content/content-kinds';
import { Allow } from '../roles/allow.decorator';
import { KIND_RULES, may, NOT_YOURS, roleOf } from '../roles/permissions';
import { DraftsService, type Draft } from './drafts.service';
import { DraftDto, MarkRevisionDto, RestoreRevisionDto, RevisionDetailDto, RevisionPageDto, RevisionDto } from './dto/revision.dto';
import type { ItemEditor, VersionedItem } from './item-editor';
import { HISTORY_LIMIT, HISTORY_MAX_LIMIT, idOr404, parseIfMatch, RevisionsService, seqOr404, type Revision } from './revisions.service';

export const RESTORE_LIVE_REFUSED = 'An editor restores it live: restore it into your draft instead.';

/** `{ error: { version: { msg } }, current, changedBy, changedAt }`: a save from a stale version. */
@ApiSchema({ name: 'StaleVersion', description: 'Someone else saved since the version sent in If-Match was read' })
export class StaleVersionReply {
  @ApiProperty({
    type: 'object',
    required: ['version'],
    properties: { version: { type: 'object', required: ['msg'], properties: { msg: { type: 'string' } } } },
    example: { version: { msg: 'Someone else saved this since you opened it' } },
  })
  error: { version: { msg: string } };

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The current copy, as a read gives it' })
  current: object;

  @ApiProperty({ type: 'object', nullable: true, properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } } })
  changedBy: { id: string; name: string } | null;

  @ApiProperty()
  changedAt: Date;
}

/** The ETag header of a single read: the item's version. */
export const ETAG_HEADER = { ETag: { description: 'The version, quoted ("3"): send it back in If-Match', schema: { type: 'string' } } };

/** If-Match on a save, and its 409 (`conflict` false: the route declares a 409 of its own that includes StaleVersionReply). */
export const ApiIfMatch = (what: string, conflict = true) =>
  applyDecorators(
    ApiHeader({ name: 'If-Match', required: false, description: `${what} as read (its ETag, "3", or a bare 3); stale: 409` }),
    ApiFieldErrors('A field failed validation, or If-Match is not a version'),
    ...(conflict
      ? [ApiConflictResponse({ type: StaleVersionReply, description: 'The version sent in If-Match is not the current one' })]
      : []),
  );

/** `?limit=` of a history page: 1 to 100, 20 when left out. */
export function limitOf(value: string | undefined): number {
  if (value === undefined) return HISTORY_LIMIT;
  if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > HISTORY_MAX_LIMIT)
    throw ApiError.field('limit', `Limit must be a whole number from 1 to ${HISTORY_MAX_LIMIT}`);
  return Number(value);
}

/** `?before=`: a seq, or none for the newest. */
export function beforeOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value)) throw ApiError.field('before', 'Before must be a whole number');
  return Number(value);
}

export const ApiHistoryQuery = () => (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
  ApiQuery({
    name: 'before',
    required: false,
    schema: { type: 'integer', minimum: 0, maximum: 999_999_999 },
    description: 'Older than this seq (the previous page’s `next`)',
  })(target, key, descriptor);
  ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 1, maximum: HISTORY_MAX_LIMIT, default: HISTORY_LIMIT } })(
    target,
    key,
    descriptor,
  );
  ApiFieldErrors('`before` or `limit` is not a whole number in range')(target, key, descriptor);
};

/**
 * The history and working-copy routes of one kind, under its own path (`/api/news/:id/revisions`
 * …): a class per kind, so each has its own documented bodies and replies, made here once. The
 * kind's service (`editor`, an ItemEditor) does the live changes, so a restore or a published
 * working copy is checked, recorded and raised as a PATCH is.
 */
export function historyController(kind: DraftKind, editor: Type<ItemEditor>, item: Type, draftInput: Type): Type {
  const { resource } = contentKind(kind);
  const notFoundText = `${resource} not found, or (revisions) Revision not found`;
  const rules = KIND_RULES[kind];

  /**
   * The rule a guard cannot see: who may not publish the kind (an author) works only on the
   * working copies of what they created (issue #39).
   */
  async function ownOr403(items: ItemEditor, by: Actor, itemId: string): Promise<void> {
    if (may(roleOf(by), rules.publish)) return;
    const item = (await items.findOne(itemId)) as VersionedItem & { createdBy?: string | null };
    if (item.createdBy !== by.admin.id) throw ApiError.field('id', NOT_YOURS, HttpStatus.FORBIDDEN);
  }

  @ApiSchema({ name: `${contentKind(kind).schema}Restored` })
  class RestoredReply {
    @ApiProperty({ enum: ['draft', 'live'] })
    to: 'draft' | 'live';

    @ApiProperty({ type: item, description: 'The live item' })
    item: object;

    @ApiProperty({ type: DraftDto, nullable: true, description: 'The working copy after a restore to draft; null after one to live' })
    draft: Draft | null;
  }

  @Controller(kind)
  class HistoryController {
    constructor(
      @Inject(editor) readonly items: ItemEditor,
      readonly revisions: RevisionsService,
      readonly drafts: DraftsService,
    ) {}

    @Allow(rules.read)
    @Get(':id/revisions')
    @ApiHistoryQuery()
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found`)
    @ApiOkResponse({ type: RevisionPageDto, description: 'Newest first' })
    async list(@Param('id') id: string, @Query('before') before?: string, @Query('limit') limit?: string): Promise<RevisionPageDto> {
      const page = { before: beforeOf(before), limit: limitOf(limit) };
      await this.items.findOne(idOr404(kind, id));
      return this.revisions.list(kind, id.toLowerCase(), page.before, page.limit);
    }

    @Allow(rules.read)
    @Get(':id/revisions/:seq')
    @ApiErrorText(HttpStatus.NOT_FOUND, notFoundText)
    @ApiOkResponse({ type: RevisionDetailDto })
    async find(@Param('id') id: string, @Param('seq') seq: string): Promise<RevisionDetailDto> {
      await this.items.findOne(idOr404(kind, id));
      return this.revisions.find(kind, id.toLowerCase(), seqOr404(seq));
    }

    @Allow(rules.publish)
    @Patch(':id/revisions/:seq')
    @ApiErrorText(HttpStatus.NOT_FOUND, notFoundText)
    @ApiFieldErrors()
    @ApiOkResponse({ type: RevisionDto })
    async mark(@Param('id') id: string, @Param('seq') seq: string, @Body() dto: MarkRevisionDto): Promise<Revision> {
      await this.items.findOne(idOr404(kind, id));
      return this.revisions.mark(kind, id.toLowerCase(), seqOr404(seq), dto);
    }

    /** Into the working copy (the default) or straight live; either writes a `restored` revision naming `seq`. */
    @Allow(rules.write)
    @Post(':id/revisions/:seq/restore')
    @HttpCode(HttpStatus.OK)
    @ApiIfMatch('To live: the live version; to draft: the working copy’s version,')
    @ApiErrorText(HttpStatus.NOT_FOUND, notFoundText)
    @ApiOkResponse({ type: RestoredReply })
    async restore(
      @Param('id') id: string,
      @Param('seq') seq: string,
      @Body() dto: RestoreRevisionDto,
      @Headers('if-match') ifMatch: string | undefined,
      @CurrentActor() by: Actor,
    ): Promise<RestoredReply> {
      const itemId = idOr404(kind, id);
      const version = parseIfMatch(ifMatch);
      await ownOr403(this.items, by, itemId);
      // Restoring live is publishing (issue #39's table): an author restores into their working copy.
      if (dto.to === 'live' && !may(roleOf(by), rules.publish)) throw ApiError.field('to', RESTORE_LIVE_REFUSED, HttpStatus.FORBIDDEN);
      await this.items.findOne(itemId);
      const revision = await this.revisions.find(kind, itemId, seqOr404(seq));
      const snapshot = snapshotOf(kind, revision.snapshot);
      if (dto.to === 'live') {
        const live = await this.items.applySnapshot(itemId, snapshot, by, {
          ifMatch: version,
          reason: 'restored',
          restoredFrom: revision.seq,
        });
        return { to: 'live', item: live, draft: null };
      }
      const draft = await this.drafts.write(this.items, itemId, snapshot, { by, ifMatch: version, restoredFrom: revision.seq });
      return { to: 'draft', item: await this.items.findOne(itemId), draft };
    }

    @Allow(rules.read)
    @Get(':id/draft')
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found, or Draft not found (it has none)`)
    @ApiOkResponse({ type: DraftDto })
    draft(@Param('id') id: string): Promise<Draft> {
      return this.drafts.find(kind, idOr404(kind, id));
    }

    /** The autosave (no revision), or with `checkpoint: true` the explicit Save draft (a `saved` revision). */
    @Allow(rules.write)
    @Put(':id/draft')
    @ApiIfMatch('The working copy’s version')
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found`)
    @ApiOkResponse({ type: DraftDto })
    async writeDraft(
      @Param('id') id: string,
      @Body() dto: object,
      @Headers('if-match') ifMatch: string | undefined,
      @CurrentActor() by: Actor,
    ): Promise<Draft> {
      const itemId = idOr404(kind, id);
      await ownOr403(this.items, by, itemId);
      const { checkpoint, ...fields } = dto as { checkpoint?: boolean };
      return this.drafts.write(this.items, itemId, fields, { by, ifMatch: parseIfMatch(ifMatch), checkpoint: checkpoint === true });
    }

    @Allow(rules.write)
    @Delete(':id/draft')
    @HttpCode(HttpStatus.NO_CONTENT)
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found, or Draft not found (it has none)`)
    @ApiNoContentResponse({ description: 'Discarded' })
    async discard(@Param('id') id: string, @CurrentActor() by: Actor): Promise<void> {
      await ownOr403(this.items, by, idOr404(kind, id));
      await this.drafts.remove(this.items, idOr404(kind, id));
    }

    /** Makes the working copy live: checked in full (400 with field errors), a `published` revision, the working copy removed. */
    @Allow(rules.publish)
    @Post(':id/draft/publish')
    @HttpCode(HttpStatus.OK)
    @ApiIfMatch('The LIVE version')
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found, or Draft not found (it has none)`)
    @ApiOkResponse({ type: item })
    publish(@Param('id') id: string, @Headers('if-match') ifMatch: string | undefined, @CurrentActor() by: Actor): Promise<VersionedItem> {
      const itemId = idOr404(kind, id);
      return this.drafts.publish(this.items, itemId, by, parseIfMatch(ifMatch));
    }
  }
  // The body's class, for validation and the document: each kind's own fields.
  Reflect.defineMetadata('design:paramtypes', [String, draftInput, String, Object], HistoryController.prototype, 'writeDraft');
  Object.defineProperty(HistoryController, 'name', { value: `${contentKind(kind).schema}HistoryController` });
  return HistoryController;
}
