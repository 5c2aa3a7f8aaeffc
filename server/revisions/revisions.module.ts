import { Global, Module } from '@nestjs/common';
import { PhotosModule } from '../news/photos/photos.module';
import { DraftsService } from './drafts.service';
import { RevisionsService } from './revisions.service';

/**
 * Revisions and working copies (issue #36), for every revisable kind: global, as the content
 * events are, so each kind's module writes its revisions without importing this one. The routes
 * are each kind's own (historyController, declared in its module).
 */
@Global()
@Module({
  imports: [PhotosModule],
  providers: [RevisionsService, DraftsService],
  exports: [RevisionsService, DraftsService],
})
export class RevisionsModule {}
