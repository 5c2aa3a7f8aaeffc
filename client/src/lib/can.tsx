import { createContext, useContext, type ReactNode } from 'react';
import { useOutletContext } from 'react-router-dom';
import type { ApiSchema } from './api';

/**
 * What the signed-in account may do, as GET /api/admins/me's `can` says: the panel never restates
 * the rules (server/roles/permissions.ts holds them), it reads these flags.
 */
export type Can = NonNullable<ApiSchema<'SessionReply'>['can']>;
/** One rule, `<subject>.<action>`: 'news.publish', 'trash.manage'… */
export type Permission = keyof Can;
export type Role = ApiSchema<'Admin'>['role'];

/** How the panel names each role, in the order a role select offers them. */
export const ROLE_NAMES: Record<Role, string> = {
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
};

export const ROLES = Object.keys(ROLE_NAMES) as Role[];

/** The flags of the signed-in account, from the admin layout; null while unknown or outside it (nothing allowed). */
const CanContext = createContext<Partial<Can> | null>(null);

/** Hands the signed-in account's flags to every screen below (the admin layout sets it once). */
export function CanProvider({ can, children }: { can: Partial<Can> | null | undefined; children: ReactNode }) {
  return <CanContext.Provider value={can ?? null}>{children}</CanContext.Provider>;
}

/** Whether the signed-in account may do `permission`; false while unknown, so nothing forbidden is shown or fetched. */
export function useCan(permission: Permission): boolean {
  return useContext(CanContext)?.[permission] === true;
}

/** The flags themselves, for a screen that asks more than one. */
export function usePermissions(): (permission: Permission) => boolean {
  const can = useContext(CanContext);
  return (permission) => can?.[permission] === true;
}

/** Whether the flags are known yet (right after a sign-in the session is still being read again). */
export function useRulesKnown(): boolean {
  return useContext(CanContext) !== null;
}

/**
 * Whether the signed-in account may change an item of a kind with a review step (an article, a
 * page): one who may `publish` the kind, any; an author, only what they created (a live one through
 * its draft). The server checks the same (server/roles/permissions.ts, editRefusal).
 */
export function useMayEdit(
  publish: Extract<Permission, 'news.publish' | 'pages.publish'>,
): (item: { createdBy: string | null }) => boolean {
  const canPublish = useCan(publish);
  // The admin layout says who is signed in.
  const { adminId } = useOutletContext<{ adminId?: string } | undefined>() ?? {};
  return (item) => canPublish || (adminId !== undefined && item.createdBy === adminId);
}
