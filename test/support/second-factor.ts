import { generate } from 'otplib';
import { expect } from 'vitest';
import { loggedInAgent, type TestApp } from './create-test-app';

/** The code an authenticator app shows for `secret`, `offsetSeconds` from now (the previous step's code: -30). */
export const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** A signed-in admin who has turned authenticator codes on: their agent, secret and recovery codes. */
export async function adminWithTotp(t: TestApp) {
  const { agent, admin } = await loggedInAgent(t);
  const setup = await agent.post('/api/admins/me/totp');
  expect(setup.status).toBe(201);
  // The previous step's code (still accepted), so the current one is left for a sign-in: each step's code works once.
  const confirmed = await agent.post('/api/admins/me/totp/confirm').send({ code: await codeAt(setup.body.secret, -30) });
  expect(confirmed.status).toBe(200);
  return { agent, admin, secret: setup.body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** The actions of an admin's activity entries, oldest first. */
export async function activityOf(t: TestApp, adminId: string): Promise<string[]> {
  const rows: { action: string }[] = await t.dataSource.query(`SELECT action FROM activity WHERE admin_id = $1 ORDER BY at, id`, [adminId]);
  return rows.map((row) => row.action);
}
