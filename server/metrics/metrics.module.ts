import { Module } from '@nestjs/common';
import { MetricsService } from './metrics.service';

/** Prometheus metrics on METRICS_PORT (see MetricsService and server/common/metrics.ts). */
@Module({ providers: [MetricsService] })
export class MetricsModule {}
