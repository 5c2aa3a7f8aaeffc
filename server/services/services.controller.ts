import { Allow } from '../roles/allow.decorator';
import { Body, Controller, Delete, Get, Headers, HttpCode, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { BulkIdsDto } from '../common/by-id-or-404';
import { ApiErrorText, ApiFieldErrors, ApiPage, IdReply, IdsReply } from '../common/api-docs';
import { PagePipe } from '../common/pagination';
import { CreateServiceDto } from './dto/create-service.dto';
import { ServiceDto, ServiceListItemDto } from './dto/service.dto';
import { ApiNeedsTranslationQuery, needsTranslationOf } from '../translations/translations.module';
import { UpdateServiceDto } from './dto/update-service.dto';
import { ServicesService } from './services.service';
import { ApiIfMatch, ETAG_HEADER } from '../revisions/revisions.module';
import { etagOf, parseIfMatch } from '../revisions/revisions.service';

@Controller('services')
export class ServicesController {
  constructor(private readonly servicesService: ServicesService) {}

  /** `?page=N` pages through all services; `?needsTranslation=de|any` keeps those that need translating (issue #41). */
  @Allow('services.read')
  @Get()
  @ApiPage(ServiceListItemDto)
  @ApiNeedsTranslationQuery()
  list(@Query('page', PagePipe) page: number, @Query('needsTranslation') needsTranslation: unknown) {
    return this.servicesService.list(page, needsTranslationOf(needsTranslation));
  }

  @Allow('services.read')
  @Get(':id')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Service not found')
  @ApiOkResponse({ type: ServiceDto, headers: ETAG_HEADER })
  async findOne(@Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<ServiceDto> {
    const service = await this.servicesService.findOne(id);
    res.setHeader('ETag', etagOf(service.version));
    return service;
  }

  @Allow('services.write')
  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: ServiceDto })
  @ApiFieldErrors()
  create(@Body() dto: CreateServiceDto, @CurrentActor() by: Actor): Promise<ServiceDto> {
    return this.servicesService.create(dto, by);
  }

  @Allow('services.write')
  @Patch(':id')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Service not found')
  @ApiOkResponse({ type: ServiceDto })
  @ApiFieldErrors()
  @ApiIfMatch('The version')
  update(
    @Param('id') id: string,
    @Body() dto: UpdateServiceDto,
    @Headers('if-match') ifMatch: string | undefined,
    @CurrentActor() by: Actor,
  ): Promise<ServiceDto> {
    return this.servicesService.update(id, dto, by, parseIfMatch(ifMatch));
  }

  /** Moves up to 100 to the trash at once, all or none. */
  @Allow('services.write')
  @Post('bulk-delete')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: IdsReply, description: 'Moved to the trash, all of them' })
  @ApiFieldErrors('More than 100 ids, none, or one that is not a UUID')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Service not found: one of them is unknown or in the trash already, and nothing changed')
  removeMany(@Body() dto: BulkIdsDto, @CurrentActor() by: Actor): Promise<IdsReply> {
    return this.servicesService.removeMany(dto.ids, by);
  }

  @Allow('services.write')
  @Delete(':id')
  @ApiErrorText(HttpStatus.NOT_FOUND, 'Service not found')
  @ApiOkResponse({ type: IdReply, description: 'Moved to the trash' })
  remove(@Param('id') id: string, @CurrentActor() by: Actor): Promise<IdReply> {
    return this.servicesService.remove(id, by);
  }
}
