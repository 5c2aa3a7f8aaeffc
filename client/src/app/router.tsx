import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { LoginScreen } from '../features/auth/components/LoginScreen';
import { SCREEN_NEEDS } from './access';
import { Allowed, GuestOnly, RegisterRoute, RequireAdmin } from './guards';
import {
  AcceptInvitationScreen,
  AccountScreen,
  ActivityScreen,
  AdminLayout,
  AdminsScreen,
  ChangePasswordScreen,
  ConfirmEmailScreen,
  ContactUsScreen,
  ForgotPasswordScreen,
  InviteAdminScreen,
  DashboardScreen,
  Loading,
  NewsDetailScreen,
  NewsFormScreen,
  NewsListScreen,
  NavigationScreen,
  LanguagesScreen,
  NotFoundScreen,
  PageFormScreen,
  PagesListScreen,
  ResetPasswordScreen,
  ServiceFormScreen,
  ServicesListScreen,
  ReviewScreen,
  SettingsScreen,
  TrashScreen,
  VisitorsScreen,
} from './lazy-screens';
import { paths } from './paths';

/**
 * A screen loaded with its route (see lazy-screens.tsx), with a spinner until its chunk is in; one
 * the role may not use (app/access.ts) says so instead.
 */
const screen = (path: string, Screen: ComponentType) => {
  const element = (
    <Loading>
      <Screen />
    </Loading>
  );
  const need = SCREEN_NEEDS[path];
  return { path, element: need ? <Allowed need={need}>{element}</Allowed> : element };
};

export const router = createBrowserRouter([
  {
    element: <GuestOnly />,
    children: [{ path: paths.login, element: <LoginScreen /> }, screen(paths.forgotPassword, ForgotPasswordScreen)],
  },
  { path: paths.register, element: <RegisterRoute /> },
  // The links in mails work signed in or not: they act on the token alone.
  screen(paths.resetPassword, ResetPasswordScreen),
  screen(paths.acceptInvitation, AcceptInvitationScreen),
  screen(paths.confirmEmail, ConfirmEmailScreen),
  {
    element: <RequireAdmin />,
    children: [
      {
        ...screen(paths.admin, AdminLayout),
        children: [
          {
            index: true,
            element: (
              <Loading>
                <DashboardScreen />
              </Loading>
            ),
          },
          screen(paths.services.list, ServicesListScreen),
          screen(paths.services.create, ServiceFormScreen),
          screen(paths.services.editPattern, ServiceFormScreen),
          screen(paths.news.list, NewsListScreen),
          screen(paths.news.create, NewsFormScreen),
          screen(paths.news.editPattern, NewsFormScreen),
          screen(paths.news.detailPattern, NewsDetailScreen),
          screen(paths.pages.list, PagesListScreen),
          screen(paths.pages.create, PageFormScreen),
          screen(paths.pages.editPattern, PageFormScreen),
          screen(paths.contactUs.list, ContactUsScreen),
          screen(paths.trash, TrashScreen),
          screen(paths.review, ReviewScreen),
          screen(paths.visitors, VisitorsScreen),
          screen(paths.activity, ActivityScreen),
          screen(paths.admins.list, AdminsScreen),
          // Nobody types a colleague's password: the old Add administrator address opens the invitation.
          { path: paths.admins.add, element: <Navigate to={paths.admins.invite} replace /> },
          screen(paths.admins.password, ChangePasswordScreen),
          screen(paths.admins.invite, InviteAdminScreen),
          screen(paths.account, AccountScreen),
          screen(paths.settings, SettingsScreen),
          screen(paths.settingsNavigation, NavigationScreen),
          screen(paths.settingsLanguages, LanguagesScreen),
          screen('*', NotFoundScreen),
        ],
      },
    ],
  },
]);
