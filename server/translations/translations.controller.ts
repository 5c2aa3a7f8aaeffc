import { Body, Controller, Delete, Get, Headers, HttpCode, HttpStatus, Param, Post, Put, type Type } from '@nestjs/common';
import { ApiBody, ApiConflictResponse, ApiNoContentResponse, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import { ApiError } from '../common/api-error';
import { ApiErrorText, ErrorReply, FieldErrorsReply } from '../common/api-docs';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { validateBody } from '../common/validation';
import { contentKind, type Snapshot, type TranslationKind } from '../content/content-kinds';
import { ApiIfMatch, StaleVersionReply } from '../revisions/revisions.module';
import { KEEP_REVISIONS, parseIfMatch } from '../revisions/revisions.service';
import { Allow } from '../roles/allow.decorator';
import { editRefusal, KIND_RULES, PUBLISHED_BY_EDITORS, may, roleOf } from '../roles/permissions';
import { TranslationDraftDto, TranslationRevisionDto, type TranslationStateDto } from './dto/translation.dto';
import {
  DRAFT_OF_PUBLISHED_ONLY,
  TranslationsService,
  type TranslationDraft,
  type TranslationReply,
  type TranslationRevision,
} from './translations.service';

/**
 * The translation routes of one kind (issue #41), under its own path (`/api/news/:id/translations`
 * …): a class per kind, so each has its own documented body (`input`: the kind's text fields and
 * TranslationStateDto) and reply, made here once. A new kind plugs in with its registry entry
 * (`translatable`), its two DTOs and one line in its module.
 */
export function translationsController(kind: TranslationKind, input: Type, reply: Type): Type {
  const { resource } = contentKind(kind);
  const notFoundText = `${resource} not found, Language not found, or (DELETE) Translation not found`;
  // Reading and writing a translation is writing the item (issue #39: news.write, services.write).
  const rules = KIND_RULES[kind];

  /**
   * The rules a guard cannot see (issue #39), as for the item itself: who may not publish the kind
   * (an author, for news) never sets a translation live (a PUT without a status publishes it) and
   * never changes or removes a published one.
   */
  async function refuseUnlessMay(translations: TranslationsService, by: Actor, id: string, lang: string, change: object | null) {
    if (may(roleOf(by), rules.publish)) return;
    const refusal = change && editRefusal(roleOf(by), rules, by.admin.id, null, change);
    if (refusal) throw ApiError.field(refusal.field, refusal.msg, HttpStatus.FORBIDDEN);
    const current = (await translations.list(kind, id)).find((translation) => translation.lang.toLowerCase() === lang.toLowerCase());
    if (current?.status === 'published') throw ApiError.field('status', PUBLISHED_BY_EDITORS, HttpStatus.FORBIDDEN);
  }

  @Controller(kind)
  class TranslationsController {
    constructor(readonly translations: TranslationsService) {}

    @Allow(rules.write)
    @Get(':id/translations')
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found`)
    @ApiOkResponse({ type: reply, isArray: true, description: "Its translations, in the order of the site's languages" })
    list(@Param('id') id: string): Promise<TranslationReply[]> {
      return this.translations.list(kind, id.toLowerCase());
    }

    /** The translation's history, newest first (kept after a delete, so its text can be taken back). */
    @Allow(rules.write)
    @Get(':id/translations/:lang/revisions')
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found, or Language not found`)
    @ApiOkResponse({ type: TranslationRevisionDto, isArray: true, description: `Its saves and deletes, the last ${KEEP_REVISIONS}` })
    history(@Param('id') id: string, @Param('lang') lang: string): Promise<TranslationRevision[]> {
      return this.translations.history(kind, id.toLowerCase(), lang);
    }

    /** Creates or replaces the translation into `lang` (a language of the site other than the default). */
    @Allow(rules.write)
    @Put(':id/translations/:lang')
    @ApiBody({ type: input })
    @ApiOkResponse({ type: reply, description: 'The translation as saved: not outdated' })
    @ApiIfMatch("The translation's `version` (0: there was none)", false)
    @ApiConflictResponse({
      description:
        'Another item has this address in this language (`{ error: { slug: { msg } } }`), or the version sent in If-Match is not the current one',
      schema: { oneOf: [{ $ref: getSchemaPath(FieldErrorsReply) }, { $ref: getSchemaPath(StaleVersionReply) }] },
    })
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found, or Language not found`)
    async save(
      @Param('id') id: string,
      @Param('lang') lang: string,
      @Body() body: unknown,
      @CurrentActor() by: Actor,
      @Headers('if-match') ifMatch?: string,
    ): Promise<TranslationReply> {
      // The item and the language first (their 404s before the body's 400, as every route's path is
      // judged before its body); the body is checked here: a class made by a function carries no
      // parameter type for the global pipe to read.
      await this.translations.exists(kind, id.toLowerCase(), lang);
      const version = parseIfMatch(ifMatch);
      const dto = (await validateBody(body, input)) as TranslationStateDto & Snapshot;
      await refuseUnlessMay(this.translations, by, id.toLowerCase(), lang, { status: dto.status ?? 'published', publishAt: dto.publishAt });
      return this.translations.save(kind, id.toLowerCase(), lang, dto, by, version);
    }

    /** The working copy of a published translation (issue #41 with #36): saved text that is not on the site yet. */
    @Allow(rules.write)
    @Get(':id/translations/:lang/draft')
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found, Language not found, or Draft not found (it has none)`)
    @ApiOkResponse({ type: TranslationDraftDto })
    draft(@Param('id') id: string, @Param('lang') lang: string): Promise<TranslationDraft> {
      return this.translations.draft(kind, id.toLowerCase(), lang);
    }

    /**
     * Saves the working copy of a published translation: its text fields (a status or publish time
     * sent is not used: the translation keeps its own). Nothing on the site changes until it is
     * published. An author may write one; an editor publishes it.
     */
    @Allow(rules.write)
    @Put(':id/translations/:lang/draft')
    @ApiBody({ type: input })
    @ApiOkResponse({ type: TranslationDraftDto, description: 'The working copy as saved' })
    @ApiIfMatch("The working copy's `version` (0: there was none)", false)
    @ApiConflictResponse({
      description: `The translation is not published (\`${DRAFT_OF_PUBLISHED_ONLY}\`), or the version sent in If-Match is not the current one`,
      schema: { oneOf: [{ $ref: getSchemaPath(ErrorReply) }, { $ref: getSchemaPath(StaleVersionReply) }] },
    })
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found, or Language not found`)
    async writeDraft(
      @Param('id') id: string,
      @Param('lang') lang: string,
      @Body() body: unknown,
      @CurrentActor() by: Actor,
      @Headers('if-match') ifMatch?: string,
    ): Promise<TranslationDraft> {
      await this.translations.exists(kind, id.toLowerCase(), lang);
      const version = parseIfMatch(ifMatch);
      const dto = (await validateBody(body, input)) as Snapshot;
      return this.translations.writeDraft(kind, id.toLowerCase(), lang, dto, by, version);
    }

    @Allow(rules.write)
    @Delete(':id/translations/:lang/draft')
    @HttpCode(HttpStatus.NO_CONTENT)
    @ApiNoContentResponse({ description: 'Discarded: the published translation stays as it is' })
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found, Language not found, or Draft not found (it has none)`)
    discardDraft(@Param('id') id: string, @Param('lang') lang: string): Promise<void> {
      return this.translations.discardDraft(kind, id.toLowerCase(), lang);
    }

    /** Publishes the working copy: its text becomes the translation's (its state stays), and the working copy is gone. */
    @Allow(rules.write)
    @Post(':id/translations/:lang/draft/publish')
    @HttpCode(HttpStatus.OK)
    @ApiOkResponse({ type: reply, description: 'The translation as published: not outdated' })
    @ApiIfMatch("The translation's `version` the working copy was made over: a save of it since", false)
    @ApiConflictResponse({
      description: 'Another item has this address in this language, or the version sent in If-Match is not the current one',
      schema: { oneOf: [{ $ref: getSchemaPath(FieldErrorsReply) }, { $ref: getSchemaPath(StaleVersionReply) }] },
    })
    @ApiErrorText(HttpStatus.NOT_FOUND, `${resource} not found, Language not found, or Draft not found (it has none)`)
    async publishDraft(
      @Param('id') id: string,
      @Param('lang') lang: string,
      @CurrentActor() by: Actor,
      @Headers('if-match') ifMatch?: string,
    ): Promise<TranslationReply> {
      await this.translations.exists(kind, id.toLowerCase(), lang);
      const version = parseIfMatch(ifMatch);
      await refuseUnlessMay(this.translations, by, id.toLowerCase(), lang, { status: 'published', publishAt: null });
      return this.translations.publishDraft(kind, id.toLowerCase(), lang, by, version);
    }

    @Allow(rules.write)
    @Delete(':id/translations/:lang')
    @HttpCode(HttpStatus.NO_CONTENT)
    @ApiNoContentResponse({ description: 'Removed: its address in that language is not found from now on' })
    @ApiErrorText(HttpStatus.NOT_FOUND, notFoundText)
    async remove(@Param('id') id: string, @Param('lang') lang: string, @CurrentActor() by: Actor): Promise<void> {
      await this.translations.exists(kind, id.toLowerCase(), lang);
      await refuseUnlessMay(this.translations, by, id.toLowerCase(), lang, null);
      return this.translations.remove(kind, id.toLowerCase(), lang, by);
    }
  }
  // Each kind's class is named for it: the API document's operation ids are made of the name.
  const name = `${contentKind(kind).schema}TranslationsController`;
  Object.defineProperty(TranslationsController, 'name', { value: name });
  return TranslationsController;
}
