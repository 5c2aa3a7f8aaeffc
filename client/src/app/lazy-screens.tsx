import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { PageSpinner } from '../components/Spinner';

/**
 * Each screen is its own chunk, fetched when its route is first shown, so the login screen
 * downloads only what it needs. The login screen itself is not here: it is where most visits
 * start, and small, so it comes with the app's first script rather than one round trip later.
 */
function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}

export const RegisterScreen = lazyScreen(() => import('../features/auth/components/RegisterScreen').then((m) => m.RegisterScreen));
export const AdminLayout = lazyScreen(() => import('./AdminLayout').then((m) => m.AdminLayout));
export const DashboardScreen = lazyScreen(() => import('../features/dashboard/components/DashboardScreen').then((m) => m.DashboardScreen));
export const ServicesListScreen = lazyScreen(() =>
  import('../features/services/components/ServicesListScreen').then((m) => m.ServicesListScreen),
);
export const ServiceFormScreen = lazyScreen(() =>
  import('../features/services/components/ServiceFormScreen').then((m) => m.ServiceFormScreen),
);
export const NewsListScreen = lazyScreen(() => import('../features/news/components/NewsListScreen').then((m) => m.NewsListScreen));
export const NewsFormScreen = lazyScreen(() => import('../features/news/components/NewsFormScreen').then((m) => m.NewsFormScreen));
export const NewsDetailScreen = lazyScreen(() => import('../features/news/components/NewsDetailScreen').then((m) => m.NewsDetailScreen));
export const PagesListScreen = lazyScreen(() => import('../features/pages/components/PagesListScreen').then((m) => m.PagesListScreen));
export const PageFormScreen = lazyScreen(() => import('../features/pages/components/PageFormScreen').then((m) => m.PageFormScreen));
export const NavigationScreen = lazyScreen(() =>
  import('../features/settings/components/NavigationScreen').then((m) => m.NavigationScreen),
);
export const LanguagesScreen = lazyScreen(() => import('../features/settings/components/LanguagesScreen').then((m) => m.LanguagesScreen));
export const ContactUsScreen = lazyScreen(() => import('../features/contact-us/components/ContactUsScreen').then((m) => m.ContactUsScreen));
export const ReviewScreen = lazyScreen(() => import('../features/review/components/ReviewScreen').then((m) => m.ReviewScreen));
export const TrashScreen = lazyScreen(() => import('../features/trash/components/TrashScreen').then((m) => m.TrashScreen));
export const VisitorsScreen = lazyScreen(() => import('../features/analytics/components/VisitorsScreen').then((m) => m.VisitorsScreen));
export const ActivityScreen = lazyScreen(() => import('../features/activity/components/ActivityScreen').then((m) => m.ActivityScreen));
export const AdminsScreen = lazyScreen(() => import('../features/admins/components/AdminsScreen').then((m) => m.AdminsScreen));
export const ChangePasswordScreen = lazyScreen(() =>
  import('../features/admins/components/ChangePasswordScreen').then((m) => m.ChangePasswordScreen),
);
export const InviteAdminScreen = lazyScreen(() =>
  import('../features/admins/components/InviteAdminScreen').then((m) => m.InviteAdminScreen),
);
export const SecondFactorGate = lazyScreen(() => import('./SecondFactorGate').then((m) => m.SecondFactorGate));
export const AccountScreen = lazyScreen(() => import('../features/admins/components/AccountScreen').then((m) => m.AccountScreen));
export const ForgotPasswordScreen = lazyScreen(() =>
  import('../features/auth/components/ForgotPasswordScreen').then((m) => m.ForgotPasswordScreen),
);
export const ResetPasswordScreen = lazyScreen(() =>
  import('../features/auth/components/ResetPasswordScreen').then((m) => m.ResetPasswordScreen),
);
export const ConfirmEmailScreen = lazyScreen(() =>
  import('../features/auth/components/ConfirmEmailScreen').then((m) => m.ConfirmEmailScreen),
);
export const AcceptInvitationScreen = lazyScreen(() =>
  import('../features/auth/components/AcceptInvitationScreen').then((m) => m.AcceptInvitationScreen),
);
export const SettingsScreen = lazyScreen(() => import('../features/settings/components/SettingsScreen').then((m) => m.SettingsScreen));
export const ForbiddenScreen = lazyScreen(() => import('./ForbiddenScreen').then((m) => m.ForbiddenScreen));
export const NotFoundScreen = lazyScreen(() => import('./NotFoundScreen').then((m) => m.NotFoundScreen));

/** A spinner while a screen's chunk loads. */
export function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}
