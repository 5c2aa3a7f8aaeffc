import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NewsController } from './news.controller';
import { News } from './news.entity';
import { NewsService } from './news.service';
import { PhotoStorage } from './photos/photo-storage.service';

@Module({
  imports: [TypeOrmModule.forFeature([News])],
  controllers: [NewsController],
  providers: [NewsService, PhotoStorage],
})
export class NewsModule {}
