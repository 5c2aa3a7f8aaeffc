import { Global, Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { DraftsService } from './drafts.service';
import { RevisionsService } from './revisions.service';

/**
 * Revisions and working copies (issue #36), for every revisable kind: global, as the content
 * events are, so each kind's module writes its revisions without importing this one. The routes
 * are each kind's own (historyController, declared in its module).
 */
@Global()
@Module({
  imports: [ActivityModule],
  providers: [RevisionsService, DraftsService],
  exports: [RevisionsService, DraftsService],
})
export class RevisionsModule {}

// What the kinds' modules need besides the services, reached through this module (the boundaries' rule).
export { ApiHistoryQuery, ApiIfMatch, beforeOf, ETAG_HEADER, historyController, limitOf, StaleVersionReply } from './history.controller';
export { MarkRevisionDto, RevisionAdminDto, RevisionDetailDto, RevisionDto, RevisionPageDto } from './dto/revision.dto';
export type { ApplyOptions, ItemEditor } from './item-editor';
