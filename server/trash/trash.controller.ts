import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { CurrentActor, type Actor } from '../common/actor.decorator';
import { PagePipe } from '../common/page.pipe';
import { TrashService } from './trash.service';

@Controller('trash')
export class TrashController {
  constructor(private readonly trash: TrashService) {}

  @Get()
  list(@Query('page', PagePipe) page: number) {
    return this.trash.list(page);
  }

  @Post(':kind/:id/restore')
  @HttpCode(HttpStatus.OK)
  restore(@Param('kind') kind: string, @Param('id') id: string, @CurrentActor() by: Actor) {
    return this.trash.restore(kind, id, by);
  }

  @Delete(':kind/:id')
  purge(@Param('kind') kind: string, @Param('id') id: string, @CurrentActor() by: Actor) {
    return this.trash.purge(kind, id, by);
  }
}
