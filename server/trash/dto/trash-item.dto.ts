import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PageOf } from '../../common/api-docs';
import { TRASH_KINDS, type TrashKind } from '../../content/content-kinds';

@ApiSchema({ name: 'DeletedBy' })
class DeletedBy {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;
}

/** An item in the trash, of any kind. */
@ApiSchema({ name: 'TrashItem' })
export class TrashItemDto {
  @ApiProperty({ enum: TRASH_KINDS, enumName: 'TrashKind' })
  kind: TrashKind;

  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ description: "The item's title, or a message's sender" })
  label: string;

  @ApiProperty()
  deletedAt: Date;

  @ApiProperty({ type: DeletedBy, nullable: true, description: 'Null once that admin is removed' })
  deletedBy: DeletedBy | null;
}

/** A page of the trash, with how long an item stays in it (the screen says "Kept for N days"). */
@ApiSchema({ name: 'TrashPage' })
export class TrashPageDto extends PageOf(TrashItemDto) {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'TRASH_DAYS: days an item stays in the trash before it is deleted for good' })
  trashDays: number;
}
