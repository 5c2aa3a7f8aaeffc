import { Allow } from '../roles/allow.decorator';
import { Controller, HttpStatus, Post, UploadedFile } from '@nestjs/common';
import { ApiCreatedResponse } from '@nestjs/swagger';
import { ApiFieldErrors } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { UploadedPhotoDto } from './dto/news.dto';
import { NewsPhotos } from './news-photos.service';
import { PhotoUpload } from './photos/photo-upload.interceptor';

/**
 * The first half of an article's save with a new photo: the photo is stored (checked, re-encoded,
 * every size) and its path answered; the save names it (`photo` in POST /api/news or PATCH
 * /api/news/:id). Until then no row names it, and the orphan sweep removes it after an hour.
 */
@Controller('photos')
export class PhotosController {
  constructor(private readonly newsPhotos: NewsPhotos) {}

  @Allow('news.write')
  @Post()
  @PhotoUpload('JPEG, PNG or WebP; stored as WebP, no row changes', { required: true, status: HttpStatus.CREATED })
  @ApiCreatedResponse({ type: UploadedPhotoDto })
  @ApiFieldErrors('No file, or the upload could not be read')
  store(@UploadedFile() file: { buffer: Buffer } | undefined): Promise<UploadedPhotoDto> {
    if (!file) throw ApiError.field('photo', 'Choose a photo');
    return this.newsPhotos.store(file.buffer);
  }
}
