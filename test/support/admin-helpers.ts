import { Controller, Get, Module } from '@nestjs/common';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { AdminsService } from '../../server/admins/admins.service';
import { Public } from '../../server/common/public.decorator';
import { Allow } from '../../server/roles/allow.decorator';
import type { TestApp } from './create-test-app';
import { uniqueEmail } from './unique.mjs';

export const PASSWORD = 'correct horse battery';
export const NOT_LOGGED_IN = { error: 'Not logged in' };

/** Registration fields for an admin nobody else registers. */
export function newAdmin(fields: Partial<{ name: string; email: string; password: string }> = {}) {
  return { name: 'Ada Lovelace', email: uniqueEmail(), password: PASSWORD, ...fields };
}

/** An admin made directly (as `npm run admin:create` does, whatever the policy); answers its fields. */
export async function createAdmin(t: TestApp, fields: Parameters<typeof newAdmin>[0] = {}) {
  const input = newAdmin(fields);
  await t.app.get(AdminsService).create(input);
  return input;
}

/** The session's Set-Cookie header of a reply (`sid=…`, or `__Host-sid=…` with an https:// PUBLIC_URL), if any. */
export function sessionCookie(res: Response): string | undefined {
  const cookies = res.headers['set-cookie'] as unknown as string[] | undefined;
  return cookies?.find((cookie) => /^(__Host-)?sid=/.test(cookie));
}

/** `sid=<value>` of a Set-Cookie header, ready to send back as a Cookie header. */
export function cookiePair(setCookie: string | undefined): string {
  if (!setCookie) throw new Error('no session cookie was set');
  return setCookie.split(';')[0];
}

/** Neither the password nor any argon2 hash anywhere in a reply. */
export function expectNoSecrets(res: Response, password = PASSWORD) {
  const text = JSON.stringify(res.body);
  expect(text).not.toContain(password);
  expect(text).not.toMatch(/argon2|password|hash/i);
}

// A route that only the tests add: the global guard must protect it like any other, and the
// route sweep must see it. Any signed-in admin may reach it, as their own account's routes.
@Controller('test-probe')
class ProbeController {
  @Allow('account.own')
  @Get()
  probe() {
    return { ok: true };
  }
}
@Module({ controllers: [ProbeController] })
export class ProbeModule {}

@Controller('test-public-probe')
class PublicProbeController {
  @Public()
  @Get()
  probe() {
    return { ok: true };
  }
}
@Module({ controllers: [PublicProbeController] })
export class PublicProbeModule {}

/** POST /api/admins/login with an admin's credentials and the given headers, without a session. */
export function logIn(t: TestApp, admin: { email: string; password: string }, headers: Record<string, string> = {}) {
  return t.http().post('/api/admins/login').set(headers).send({ email: admin.email, password: admin.password });
}

/** The 403 of a lasting change without a confirmation in the last 5 minutes (server/common/recent-confirmation.ts). */
export const CONFIRM_FIRST = {
  error: { password: { msg: 'Confirm it is you: enter your password or use a passkey, then make this change again.' } },
};

/** Moves every confirmation of the admin's sessions (their sign-ins too) 6 minutes back: the 5 minutes are over, without waiting. */
export async function staleConfirmation(t: TestApp, adminId: string): Promise<void> {
  await t.dataSource.query(
    `UPDATE session SET sess = jsonb_set(sess::jsonb, '{confirmedAt}', to_jsonb($2::float8))::json WHERE sess -> 'passport' ->> 'user' = $1`,
    [adminId, Date.now() - 6 * 60 * 1000],
  );
}
