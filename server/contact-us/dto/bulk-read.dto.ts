import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { BulkIdsDto } from '../../common/by-id-or-404';

/** `{ ids, read }` of a bulk Mark as read (`true`) or Mark as unread (`false`). */
export class BulkReadDto extends BulkIdsDto {
  @ApiProperty({ description: 'true: Mark as read (each keeps the time it was first read); false: Mark as unread' })
  @IsBoolean({ message: 'Read must be true or false' })
  read: boolean;
}
