import { Controller, Get, Query } from '@nestjs/common';
import { PagePipe } from '../common/page.pipe';
import { ActivityFilterPipe } from './activity-filter.pipe';
import { ActivityService, type ActivityKind } from './activity.service';

/** Read only: no route edits or deletes an entry. */
@Controller('activity')
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Get()
  list(
    @Query('page', PagePipe) page: number,
    @Query('admin', new ActivityFilterPipe('admin')) admin: string | undefined,
    @Query('kind', new ActivityFilterPipe('kind')) kind: ActivityKind | undefined,
  ) {
    return this.activity.list(page, { admin, kind });
  }

  @Get('admins')
  admins() {
    return this.activity.admins();
  }
}
