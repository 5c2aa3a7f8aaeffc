import { Module } from '@nestjs/common';
import { NewsModule } from '../news/news.module';
import { CdnController } from './cdn.controller';
import { CdnPurges } from './cdn-purges.service';
import { CacheInvalidateHeader } from './cache-invalidate.service';
import { PurgeSender } from './purge-sender.service';

/**
 * The CDN in front of the public site (CDN): content changes become purge jobs in their own
 * transaction (CdnPurges), sent by PurgeSender; admin writes name the pages they changed in
 * `X-Cache-Invalidate` (CacheInvalidateHeader). The pages' cache headers are the site's (site-reply.ts).
 */
@Module({
  imports: [NewsModule],
  controllers: [CdnController],
  providers: [CdnPurges, PurgeSender, CacheInvalidateHeader],
  exports: [CdnPurges, CacheInvalidateHeader],
})
export class CdnModule {}
