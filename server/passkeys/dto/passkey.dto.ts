import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsObject, IsString, MaxLength } from 'class-validator';
import { StorableText, Trim } from '../../common/validation';
import { AuthenticationResponseDto, RegistrationResponseDto } from './webauthn.dto';

/** One of the admin's passkeys, as Your account lists it (never its key). */
@ApiSchema({ name: 'Passkey' })
export class PasskeyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null until it first signs in' })
  lastUsedAt: Date | null;
}

@ApiSchema({ name: 'PasskeyList' })
export class PasskeyListReply {
  @ApiProperty({ type: [PasskeyDto], description: 'Oldest first' })
  data: PasskeyDto[];
}

const RESPONSE_REQUIRED = 'The passkey response is required';

/** Adds a passkey: its name, and what the browser's `navigator.credentials.create()` answered to the options. */
@ApiSchema({ name: 'AddPasskey' })
export class AddPasskeyDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Work laptop' })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  @StorableText('Name')
  @IsString({ message: 'Name must be text' })
  @IsNotEmpty({ message: 'Name is required' })
  @Trim()
  name: string;

  // Checked by @simplewebauthn/server (a malformed one is a 400 keyed `response`), not field by field here.
  @ApiProperty({ type: RegistrationResponseDto })
  @IsObject({ message: RESPONSE_REQUIRED })
  @IsDefined({ message: RESPONSE_REQUIRED })
  response: RegistrationResponseDto;
}

/** Signs in: what the browser's `navigator.credentials.get()` answered to the options. */
@ApiSchema({ name: 'PasskeySignIn' })
export class PasskeySignInDto {
  @ApiProperty({ type: AuthenticationResponseDto })
  @IsObject({ message: RESPONSE_REQUIRED })
  @IsDefined({ message: RESPONSE_REQUIRED })
  response: AuthenticationResponseDto;
}
