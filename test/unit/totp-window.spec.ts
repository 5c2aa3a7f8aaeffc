import { generate, generateSecret } from 'otplib';
import { describe, expect, it } from 'vitest';
import { stepOf } from '../../server/second-factor/totp.service';

describe('authenticator code window', () => {
  it("takes the current step's code and the previous step's, never the next one's or older ones", async () => {
    const secret = generateSecret();
    const now = 1_800_000_015; // 15 s into step 60_000_000
    const code = (offset: number) => generate({ secret, epoch: now + offset });
    expect(await stepOf(secret, await code(0), now)).toBe(60_000_000);
    expect(await stepOf(secret, await code(-30), now)).toBe(59_999_999);
    expect(await stepOf(secret, await code(30), now)).toBeNull();
    expect(await stepOf(secret, await code(-60), now)).toBeNull();
  });
});
