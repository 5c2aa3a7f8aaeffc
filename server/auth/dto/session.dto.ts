import { ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import type { SignedInAdmin } from '../../common/current-admin.decorator';

/** Who is logged in, if anyone. */
@ApiSchema({ name: 'SessionReply' })
export class SessionReply {
  // The admin's schema by name: server/admins's reply classes are not this module's to import.
  @ApiProperty({ oneOf: [{ $ref: getSchemaPath('Admin') }, { type: 'null' }] })
  admin: SignedInAdmin | null;
}
