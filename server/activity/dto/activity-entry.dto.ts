import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ACTIVITY_ACTIONS, ACTIVITY_KINDS, type ActivityAction, type ActivityKind } from '../activity.service';

@ApiSchema({ name: 'ActivityAdmin' })
class ActivityAdmin {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, nullable: true })
  name: string | null;
}

/** One line of the activity log. */
@ApiSchema({ name: 'ActivityEntry' })
export class ActivityEntryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  at: Date;

  @ApiProperty({ type: ActivityAdmin, nullable: true, description: 'Null for a failed sign-in under an unknown address' })
  admin: ActivityAdmin | null;

  @ApiProperty({ enum: ACTIVITY_ACTIONS, enumName: 'ActivityAction' })
  action: ActivityAction;

  @ApiProperty({ enum: ACTIVITY_KINDS, enumName: 'ActivityKind' })
  kind: ActivityKind;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  itemId: string | null;

  @ApiProperty({ type: String, nullable: true })
  label: string | null;

  @ApiProperty({ type: [String], nullable: true, description: 'For an edit: the names of the fields that changed' })
  fields: string[] | null;

  @ApiProperty({ type: String, nullable: true })
  address: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The revision this change wrote (GET /api/{kind}/{itemId}/revisions/{seq}, or the settings’), when it wrote one',
  })
  seq: number | null;
}

@ApiSchema({ name: 'NamedAdmin' })
class NamedAdmin {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;
}

/** The admins the log can be filtered by. */
@ApiSchema({ name: 'ActivityAdmins' })
export class ActivityAdminsReply {
  @ApiProperty({ type: [NamedAdmin] })
  data: NamedAdmin[];
}
