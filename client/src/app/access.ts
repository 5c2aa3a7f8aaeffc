import type { Permission } from '../lib/can';
import { paths } from './paths';

/**
 * What each admin screen needs (GET /api/admins/me's `can`): the router shows "You don't have
 * access to this page" instead of a screen the account may not use, and the side menu leaves its
 * entry out. A screen not listed here is every signed-in account's (the dashboard).
 */
export const SCREEN_NEEDS: Record<string, Permission> = {
  [paths.services.list]: 'services.read',
  [paths.services.create]: 'services.write',
  [paths.services.editPattern]: 'services.write',
  [paths.news.list]: 'news.write',
  [paths.news.create]: 'news.write',
  [paths.news.editPattern]: 'news.write',
  [paths.news.detailPattern]: 'news.write',
  [paths.pages.list]: 'pages.write',
  [paths.pages.create]: 'pages.write',
  [paths.pages.editPattern]: 'pages.write',
  [paths.contactUs.list]: 'contactus.manage',
  [paths.trash]: 'trash.manage',
  [paths.review]: 'news.publish',
  [paths.visitors]: 'analytics.read',
  [paths.activity]: 'activity.read',
  [paths.admins.list]: 'admins.manage',
  [paths.admins.add]: 'admins.manage',
  [paths.admins.invite]: 'admins.manage',
  [paths.admins.password]: 'account.own',
  [paths.account]: 'account.own',
  [paths.settings]: 'settings.manage',
  [paths.settingsNavigation]: 'settings.manage',
  [paths.settingsLanguages]: 'settings.manage',
};
