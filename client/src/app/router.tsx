import { createBrowserRouter, Navigate } from 'react-router-dom';
import { LoginScreen } from '../features/auth/components/LoginScreen';
import { GuestOnly, RegisterRoute, RequireAdmin } from './guards';
import {
  AdminLayout,
  ContactUsScreen,
  Loading,
  NewsDetailScreen,
  NewsFormScreen,
  NewsListScreen,
  NotFoundScreen,
  ServiceFormScreen,
  ServicesListScreen,
} from './lazy-screens';
import { paths } from './paths';

export const router = createBrowserRouter([
  {
    element: <GuestOnly />,
    children: [
      {
        path: paths.login,
        element: <LoginScreen />,
      },
    ],
  },
  { path: paths.register, element: <RegisterRoute /> },
  {
    element: <RequireAdmin />,
    children: [
      {
        path: paths.admin,
        element: (
          <Loading>
            <AdminLayout />
          </Loading>
        ),
        children: [
          { index: true, element: <Navigate to={paths.services.list} replace /> },
          {
            path: paths.services.list,
            element: (
              <Loading>
                <ServicesListScreen />
              </Loading>
            ),
          },
          {
            path: paths.services.create,
            element: (
              <Loading>
                <ServiceFormScreen />
              </Loading>
            ),
          },
          {
            path: paths.services.editPattern,
            element: (
              <Loading>
                <ServiceFormScreen />
              </Loading>
            ),
          },
          {
            path: paths.news.list,
            element: (
              <Loading>
                <NewsListScreen />
              </Loading>
            ),
          },
          {
            path: paths.news.create,
            element: (
              <Loading>
                <NewsFormScreen />
              </Loading>
            ),
          },
          {
            path: paths.news.editPattern,
            element: (
              <Loading>
                <NewsFormScreen />
              </Loading>
            ),
          },
          {
            path: paths.news.detailPattern,
            element: (
              <Loading>
                <NewsDetailScreen />
              </Loading>
            ),
          },
          {
            path: paths.contactUs.list,
            element: (
              <Loading>
                <ContactUsScreen />
              </Loading>
            ),
          },
          {
            path: '*',
            element: (
              <Loading>
                <NotFoundScreen />
              </Loading>
            ),
          },
        ],
      },
    ],
  },
]);
