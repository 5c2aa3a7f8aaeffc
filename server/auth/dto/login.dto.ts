import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** Login's body, read by the local strategy (server/auth/passport.ts), which answers one text for every refusal. */
@ApiSchema({ name: 'Credentials' })
export class LoginDto {
  @ApiProperty({ maxLength: 254 })
  email: string;

  @ApiProperty({ maxLength: 128 })
  password: string;
}
