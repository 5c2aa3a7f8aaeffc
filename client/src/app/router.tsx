import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { LoginScreen } from '../features/auth/components/LoginScreen';
import { GuestOnly, RegisterRoute, RequireAdmin } from './guards';
import {
  ActivityScreen,
  AddAdminScreen,
  AdminLayout,
  AdminsScreen,
  ChangePasswordScreen,
  ContactUsScreen,
  Loading,
  NewsDetailScreen,
  NewsFormScreen,
  NewsListScreen,
  NotFoundScreen,
  ServiceFormScreen,
  ServicesListScreen,
  SettingsScreen,
  TrashScreen,
} from './lazy-screens';
import { paths } from './paths';

/** A screen loaded with its route (see lazy-screens.tsx), with a spinner until its chunk is in. */
const screen = (path: string, Screen: ComponentType) => ({
  path,
  element: (
    <Loading>
      <Screen />
    </Loading>
  ),
});

export const router = createBrowserRouter([
  {
    element: <GuestOnly />,
    children: [{ path: paths.login, element: <LoginScreen /> }],
  },
  { path: paths.register, element: <RegisterRoute /> },
  {
    element: <RequireAdmin />,
    children: [
      {
        ...screen(paths.admin, AdminLayout),
        children: [
          { index: true, element: <Navigate to={paths.services.list} replace /> },
          screen(paths.services.list, ServicesListScreen),
          screen(paths.services.create, ServiceFormScreen),
          screen(paths.services.editPattern, ServiceFormScreen),
          screen(paths.news.list, NewsListScreen),
          screen(paths.news.create, NewsFormScreen),
          screen(paths.news.editPattern, NewsFormScreen),
          screen(paths.news.detailPattern, NewsDetailScreen),
          screen(paths.contactUs.list, ContactUsScreen),
          screen(paths.trash, TrashScreen),
          screen(paths.activity, ActivityScreen),
          screen(paths.admins.list, AdminsScreen),
          screen(paths.admins.add, AddAdminScreen),
          screen(paths.admins.password, ChangePasswordScreen),
          screen(paths.settings, SettingsScreen),
          screen('*', NotFoundScreen),
        ],
      },
    ],
  },
]);
