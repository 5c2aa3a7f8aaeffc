import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AdminLayout } from './AdminLayout';
import { AddAdminScreen } from '../features/admins/components/AddAdminScreen';
import { AdminsScreen } from '../features/admins/components/AdminsScreen';
import { ChangePasswordScreen } from '../features/admins/components/ChangePasswordScreen';
import { LoginScreen } from '../features/auth/components/LoginScreen';
import { ContactUsScreen } from '../features/contact-us/components/ContactUsScreen';
import { NewsDetailScreen } from '../features/news/components/NewsDetailScreen';
import { NewsFormScreen } from '../features/news/components/NewsFormScreen';
import { NewsListScreen } from '../features/news/components/NewsListScreen';
import { ServiceFormScreen } from '../features/services/components/ServiceFormScreen';
import { ServicesListScreen } from '../features/services/components/ServicesListScreen';
import { GuestOnly, RegisterRoute, RequireAdmin } from './guards';
import { NotFoundScreen } from './NotFoundScreen';
import { paths } from './paths';

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
        path: paths.admin,
        element: <AdminLayout />,
        children: [
          { index: true, element: <Navigate to={paths.services.list} replace /> },
          { path: paths.services.list, element: <ServicesListScreen /> },
          { path: paths.services.create, element: <ServiceFormScreen /> },
          { path: paths.services.editPattern, element: <ServiceFormScreen /> },
          { path: paths.news.list, element: <NewsListScreen /> },
          { path: paths.news.create, element: <NewsFormScreen /> },
          { path: paths.news.editPattern, element: <NewsFormScreen /> },
          { path: paths.news.detailPattern, element: <NewsDetailScreen /> },
          { path: paths.contactUs.list, element: <ContactUsScreen /> },
          { path: paths.admins.list, element: <AdminsScreen /> },
          { path: paths.admins.add, element: <AddAdminScreen /> },
          { path: paths.admins.password, element: <ChangePasswordScreen /> },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
]);
