import { Allow } from '../roles/allow.decorator';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import { ApiPage } from '../common/api-docs';
import { PagePipe } from '../common/pagination';
import { ActivityFilterPipe } from './activity-filter.pipe';
import { ACTIVITY_KINDS, ActivityService, type ActivityKind } from './activity.service';
import { ActivityAdminsReply, ActivityEntryDto } from './dto/activity-entry.dto';

/** Read only: no route edits or deletes an entry. */
@Controller('activity')
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Allow('activity.read')
  @Get()
  @ApiPage(ActivityEntryDto)
  // Empty (`?kind=`) means no filter, as absent does: allowEmptyValue.
  @ApiQuery({
    name: 'admin',
    required: false,
    allowEmptyValue: true,
    description: "Only this admin's entries",
    schema: { type: 'string', format: 'uuid' },
  })
  @ApiQuery({
    name: 'kind',
    required: false,
    allowEmptyValue: true,
    description: 'Only entries of this kind',
    enum: ACTIVITY_KINDS,
    enumName: 'ActivityKind',
  })
  list(
    @Query('page', PagePipe) page: number,
    @Query('admin', new ActivityFilterPipe('admin')) admin: string | undefined,
    @Query('kind', new ActivityFilterPipe('kind')) kind: ActivityKind | undefined,
  ) {
    return this.activity.list(page, { admin, kind });
  }

  @Allow('activity.read')
  @Get('admins')
  @ApiOkResponse({ type: ActivityAdminsReply })
  admins(): Promise<ActivityAdminsReply> {
    return this.activity.admins();
  }
}
