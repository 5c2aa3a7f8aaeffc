import { ApiProperty, ApiSchema, type ApiPropertyOptions } from '@nestjs/swagger';

/*
 * The WebAuthn shapes in their JSON form (https://w3c.github.io/webauthn/#sctn-parseCreationOptionsFromJSON),
 * as @simplewebauthn/server writes the options and @simplewebauthn/browser sends the responses.
 * Binary values are base64url text.
 */

const TRANSPORTS: ApiPropertyOptions = { type: [String], required: false, example: ['internal', 'hybrid'] };
const OPEN_OBJECT: ApiPropertyOptions = { type: 'object', additionalProperties: true };

@ApiSchema({ name: 'PasskeyRelyingParty' })
class RelyingPartyDto {
  @ApiProperty({ example: 'Example Co' })
  name: string;

  @ApiProperty({ example: 'www.example.com' })
  id: string;
}

@ApiSchema({ name: 'PasskeyUser' })
class PasskeyUserDto {
  @ApiProperty({ description: "The admin's id as the user handle, base64url" })
  id: string;

  @ApiProperty({ description: "The admin's email" })
  name: string;

  @ApiProperty({ description: "The admin's name" })
  displayName: string;
}

@ApiSchema({ name: 'PasskeyAlgorithm' })
class AlgorithmDto {
  @ApiProperty({ type: 'integer', description: 'A COSE algorithm: -8 EdDSA, -7 ES256, -257 RS256' })
  alg: number;

  @ApiProperty({ enum: ['public-key'] })
  type: 'public-key';
}

@ApiSchema({ name: 'PasskeyDescriptor' })
class CredentialDescriptorDto {
  @ApiProperty()
  id: string;

  @ApiProperty({ enum: ['public-key'] })
  type: 'public-key';

  @ApiProperty(TRANSPORTS)
  transports?: string[];
}

@ApiSchema({ name: 'PasskeyAuthenticatorSelection' })
class AuthenticatorSelectionDto {
  @ApiProperty({ enum: ['discouraged', 'preferred', 'required'] })
  residentKey: string;

  @ApiProperty({ enum: ['discouraged', 'preferred', 'required'] })
  userVerification: string;

  @ApiProperty()
  requireResidentKey: boolean;
}

/** POST /api/admins/me/passkeys/options: for `navigator.credentials.create()`. */
@ApiSchema({ name: 'PasskeyRegistrationOptions' })
export class RegistrationOptionsDto {
  @ApiProperty()
  challenge: string;

  @ApiProperty()
  rp: RelyingPartyDto;

  @ApiProperty()
  user: PasskeyUserDto;

  @ApiProperty({ type: [AlgorithmDto] })
  pubKeyCredParams: AlgorithmDto[];

  @ApiProperty({ type: 'integer', description: 'Milliseconds' })
  timeout: number;

  @ApiProperty({ enum: ['none'] })
  attestation: string;

  @ApiProperty({ type: [CredentialDescriptorDto], description: "The admin's passkeys already registered" })
  excludeCredentials: CredentialDescriptorDto[];

  @ApiProperty()
  authenticatorSelection: AuthenticatorSelectionDto;

  @ApiProperty({ ...OPEN_OBJECT, example: { credProps: true } })
  extensions: Record<string, unknown>;

  @ApiProperty({ type: [String] })
  hints: string[];
}

/** POST /api/admins/login/passkey/options: for `navigator.credentials.get()`, any passkey of this site. */
@ApiSchema({ name: 'PasskeySignInOptions' })
export class AuthenticationOptionsDto {
  @ApiProperty()
  rpId: string;

  @ApiProperty()
  challenge: string;

  @ApiProperty({ type: 'integer', description: 'Milliseconds' })
  timeout: number;

  @ApiProperty({ enum: ['required'] })
  userVerification: string;

  @ApiProperty({
    type: [CredentialDescriptorDto],
    required: false,
    description: "Confirming (POST /api/admins/me/confirm/passkey-options): the admin's own passkeys; a sign-in names none",
  })
  allowCredentials?: CredentialDescriptorDto[];
}

@ApiSchema({ name: 'PasskeyAttestation' })
class AttestationResponseDto {
  @ApiProperty()
  clientDataJSON: string;

  @ApiProperty()
  attestationObject: string;

  @ApiProperty({ required: false })
  authenticatorData?: string;

  @ApiProperty(TRANSPORTS)
  transports?: string[];

  @ApiProperty({ type: 'integer', required: false })
  publicKeyAlgorithm?: number;

  @ApiProperty({ required: false })
  publicKey?: string;
}

@ApiSchema({ name: 'PasskeyAssertion' })
class AssertionResponseDto {
  @ApiProperty()
  clientDataJSON: string;

  @ApiProperty()
  authenticatorData: string;

  @ApiProperty()
  signature: string;

  @ApiProperty({ required: false })
  userHandle?: string;
}

/** What `navigator.credentials.create()` answered, as JSON. */
@ApiSchema({ name: 'PasskeyRegistrationResponse' })
export class RegistrationResponseDto {
  @ApiProperty()
  id: string;

  @ApiProperty()
  rawId: string;

  @ApiProperty({ enum: ['public-key'] })
  type: 'public-key';

  @ApiProperty()
  response: AttestationResponseDto;

  @ApiProperty({ enum: ['platform', 'cross-platform'], required: false })
  authenticatorAttachment?: 'platform' | 'cross-platform';

  @ApiProperty(OPEN_OBJECT)
  clientExtensionResults: Record<string, unknown>;
}

/** What `navigator.credentials.get()` answered, as JSON. */
@ApiSchema({ name: 'PasskeyAuthenticationResponse' })
export class AuthenticationResponseDto {
  @ApiProperty()
  id: string;

  @ApiProperty()
  rawId: string;

  @ApiProperty({ enum: ['public-key'] })
  type: 'public-key';

  @ApiProperty()
  response: AssertionResponseDto;

  @ApiProperty({ enum: ['platform', 'cross-platform'], required: false })
  authenticatorAttachment?: 'platform' | 'cross-platform';

  @ApiProperty(OPEN_OBJECT)
  clientExtensionResults: Record<string, unknown>;
}
