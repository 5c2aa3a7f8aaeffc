import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { DatabaseOutage } from '../database/database-health';
import { BodyTypeGuard } from './body-type.guard';

/** The HTTP layer's providers: the body-type guard on every route, and the outage log the exception filter reports to. */
@Global()
@Module({
  providers: [DatabaseOutage, { provide: APP_GUARD, useClass: BodyTypeGuard }],
  exports: [DatabaseOutage],
})
export class HttpLayerModule {}
