import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Patch,
  Post,
  Query,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { AcceptsMultipart } from '../common/accepts-multipart.decorator';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { ApiError } from '../common/api-error';
import { PagePipe } from '../common/page.pipe';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CreateNewsDto } from './dto/create-news.dto';
import { UpdateNewsDto } from './dto/update-news.dto';
import { NewsService } from './news.service';
import { photoLimits } from './photos/photo-processor';
import { PhotoUploadInterceptor } from './photos/photo-upload.interceptor';

@Controller('news')
export class NewsController {
  constructor(
    private readonly newsService: NewsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `?page=N` pages through all articles; `?title=text` searches instead (unpaged, at most 100). */
  @Get()
  list(@Query('page', PagePipe) page: number, @Query('title') title: unknown) {
    if (title !== undefined && typeof title !== 'string') throw ApiError.field('title', 'Title must be text');
    const text = title?.trim() ?? '';
    return text === '' ? this.newsService.list(page) : this.newsService.search(text);
  }

  /** What a photo may be, so the client judges a picked file before anything is saved. */
  @Get('photo-limits')
  photoLimits() {
    return photoLimits(this.config.uploadMaxBytes);
  }

  @Get(':id')
  findOne(@Param('id') id: string) {
    return this.newsService.findOne(id);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(@Body() dto: CreateNewsDto, @CurrentActor() by: Actor) {
    return this.newsService.create(dto, by);
  }

  @Patch(':id')
  update(@Param('id') id: string, @Body() dto: UpdateNewsDto, @CurrentActor() by: Actor) {
    return this.newsService.update(id, dto, by);
  }

  /** Multipart with the field `photo`; without a file nothing changes (the client always sends this call). */
  @Post(':id/upload')
  @AcceptsMultipart()
  @HttpCode(HttpStatus.OK)
  @UseInterceptors(PhotoUploadInterceptor)
  upload(@Param('id') id: string, @UploadedFile() file: { buffer: Buffer } | undefined, @CurrentActor() by: Actor) {
    return this.newsService.replacePhoto(id, file?.buffer, by);
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentActor() by: Actor) {
    return this.newsService.remove(id, by);
  }
}
