import { request, type FullConfig } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ADMIN, STORAGE_STATE } from './support';

/** Registers one admin and saves its logged-in state, which most tests reuse. */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0].use.baseURL!;
  const context = await request.newContext({ baseURL });
  const register = await context.post('/api/admins/register', { data: ADMIN });
  if (register.status() !== 201 && register.status() !== 409) throw new Error(`register failed: ${register.status()}`);
  const login = await context.post('/api/admins/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  if (login.status() !== 200) throw new Error(`login failed: ${login.status()}`);
  mkdirSync(dirname(STORAGE_STATE), { recursive: true });
  await context.storageState({ path: STORAGE_STATE });
  await context.dispose();
}
