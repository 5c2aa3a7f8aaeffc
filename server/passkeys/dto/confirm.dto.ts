import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { StorableText } from '../../common/validation';
import { AuthenticationResponseDto } from './webauthn.dto';

/** POST /api/admins/me/confirm: the password, or a passkey's answer, proving the signed-in admin is at the keyboard. */
@ApiSchema({ name: 'Confirmation' })
export class ConfirmDto {
  @ApiProperty({ required: false, minLength: 1, maxLength: 128, description: 'The password; required unless `response` is sent' })
  @ValidateIf((dto: ConfirmDto) => dto.response === undefined)
  @MaxLength(128, { message: 'Password is incorrect' })
  @StorableText('Password')
  @IsString({ message: 'Password must be text' })
  @IsNotEmpty({ message: 'Password is required' })
  password?: string;

  @ApiProperty({
    required: false,
    type: AuthenticationResponseDto,
    description: 'What `navigator.credentials.get()` answered to POST /api/admins/me/confirm/passkey-options, instead of the password',
  })
  @IsOptional()
  @IsObject({ message: 'The passkey response is required' })
  response?: AuthenticationResponseDto;
}

@ApiSchema({ name: 'ConfirmationReply' })
export class ConfirmationReply {
  @ApiProperty({ description: 'Until when lasting changes (a passkey, a second factor, ending sessions) are open without asking again' })
  confirmedUntil: Date;
}
