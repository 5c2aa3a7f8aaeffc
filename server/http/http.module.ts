import { Global, Module } from '@nestjs/common';
import { DatabaseOutage } from '../database/database-health';

/** The HTTP layer's providers: the outage log the exception filter reports to (its BodyTypeGuard is among AppModule's guards). */
@Global()
@Module({
  providers: [DatabaseOutage],
  exports: [DatabaseOutage],
})
export class HttpLayerModule {}
