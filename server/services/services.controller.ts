import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { PagePipe } from '../common/page.pipe';
import { CreateServiceDto } from './dto/create-service.dto';
import { UpdateServiceDto } from './dto/update-service.dto';
import { ServicesService } from './services.service';

@Controller('services')
export class ServicesController {
  constructor(private readonly servicesService: ServicesService) {}

  @Get()
  list(@Query('page', PagePipe) page: number) {
    return this.servicesService.list(page);
  }

  @Get(':id')
  findOne(@Param('id') id: string) {
    return this.servicesService.findOne(id);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(@Body() dto: CreateServiceDto, @CurrentActor() by: Actor) {
    return this.servicesService.create(dto, by);
  }

  @Patch(':id')
  update(@Param('id') id: string, @Body() dto: UpdateServiceDto, @CurrentActor() by: Actor) {
    return this.servicesService.update(id, dto, by);
  }

  @Delete(':id')
  remove(@Param('id') id: string, @CurrentActor() by: Actor) {
    return this.servicesService.remove(id, by);
  }
}
