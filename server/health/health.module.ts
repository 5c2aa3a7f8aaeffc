import { Module } from '@nestjs/common';
import { NewsModule } from '../news/news.module';
import { HealthController } from './health.controller';

@Module({ imports: [NewsModule], controllers: [HealthController] })
export class HealthModule {}
