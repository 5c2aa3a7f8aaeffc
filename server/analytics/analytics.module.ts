import { Module } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller';
import { ANALYTICS_CLOCK, systemClock } from './analytics-clock';
import { AnalyticsService } from './analytics.service';
import { BeaconHandler } from './beacon-handler';
import { CollectController } from './collect.controller';
import { CollectorService } from './collector.service';

/**
 * Visitor counts (issue #40): the beacon's routes (/api/collect, /api/collect.gif), the buffer
 * and its flushes into aggregate tables, and the Visitors screen's reports (/api/analytics/*).
 */
@Module({
  controllers: [CollectController, AnalyticsController],
  providers: [CollectorService, AnalyticsService, BeaconHandler, { provide: ANALYTICS_CLOCK, useFactory: systemClock }],
})
export class AnalyticsModule {}
