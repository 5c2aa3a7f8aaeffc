import { ApiProperty, ApiSchema, PickType } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { INVALID_LINK } from './mail-links.dto';
import { RegisterAdminDto } from './register-admin.dto';

/** PATCH /api/admins/me: one's own name, under registration's rules. */
export class UpdateAccountDto extends PickType(RegisterAdminDto, ['name'] as const) {}

/** POST /api/admins/me/email: the new address, checked as registration checks it. */
export class ChangeEmailDto extends PickType(RegisterAdminDto, ['email'] as const) {}

/** POST /api/admins/me/email/confirm: the token of the link mailed to the new address. */
export class ConfirmEmailChangeDto {
  @ApiProperty({ minLength: 1, maxLength: 200, description: "The link's token" })
  @MaxLength(200, { message: INVALID_LINK })
  @IsString({ message: INVALID_LINK })
  @IsNotEmpty({ message: INVALID_LINK })
  token: string;
}

@ApiSchema({ name: 'EmailChangeRequested', description: 'The link is on its way to the new address; the email changes when it is opened.' })
export class EmailChangeRequestedReply {
  @ApiProperty({ format: 'email', description: 'The new address, waiting for its link to be opened' })
  pendingEmail: string;

  @ApiProperty({ format: 'date-time', description: 'When the link stops working' })
  expiresAt: string;
}
