import { ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import type { SignedInAdmin } from '../../common/current-admin.decorator';
import { PERMISSIONS, type Permission } from '../../roles/permissions';

/**
 * Every permission (server/roles/permissions.ts) and whether the signed-in admin's role holds it:
 * what the panel shows and hides by, without restating the roles table. One property per
 * permission, made from the map, so the client's generated types name each.
 */
@ApiSchema({ name: 'Permissions' })
export class PermissionsDto {}
for (const permission of PERMISSIONS) {
  ApiProperty({ type: Boolean })(PermissionsDto.prototype, permission);
}

/** Who is logged in, if anyone, and what their role may do. */
@ApiSchema({ name: 'SessionReply' })
export class SessionReply {
  // The admin's schema by name: server/admins's reply classes are not this module's to import.
  @ApiProperty({ oneOf: [{ $ref: getSchemaPath('Admin') }, { type: 'null' }] })
  admin: SignedInAdmin | null;

  @ApiPropertyOptional({ type: PermissionsDto, description: "What the signed-in admin's role may do; left out without one" })
  can?: Record<Permission, boolean>;
}
