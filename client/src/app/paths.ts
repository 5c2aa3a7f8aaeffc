import { apiPath } from '../lib/api';

/** Every route and API path of the client, in one table. No string-built URLs elsewhere. */
export const paths = {
  /** The public website (a new tab from the side menu's Preview site; the server shows it to a logged-in admin even in maintenance). */
  site: '/',
  admin: '/admin',
  login: '/admin/login',
  register: '/admin/register',
  forgotPassword: '/admin/forgot-password',
  /** The link a password reset mail carries (`?token=`). */
  resetPassword: '/admin/reset-password',
  /** The link an invitation mail carries (`?token=`). */
  acceptInvitation: '/admin/accept-invitation',
  account: '/admin/account',
  services: {
    list: '/admin/service',
    create: '/admin/service/create',
    edit: (id: string) => `/admin/service/edit/${encodeURIComponent(id)}`,
    editPattern: '/admin/service/edit/:id',
  },
  news: {
    list: '/admin/news',
    create: '/admin/news/create',
    edit: (id: string) => `/admin/news/edit/${encodeURIComponent(id)}`,
    editPattern: '/admin/news/edit/:id',
    detail: (id: string) => `/admin/news/NewsDetails/${encodeURIComponent(id)}`,
    detailPattern: '/admin/news/NewsDetails/:id',
  },
  contactUs: {
    list: '/admin/adminContactUs',
    /** The list with one message open in its dialog (the dashboard's links). */
    view: (id: string) => `/admin/adminContactUs?view=${encodeURIComponent(id)}`,
  },
  trash: '/admin/trash',
  activity: '/admin/activity',
  settings: '/admin/settings',
  admins: {
    list: '/admin/admins',
    add: '/admin/admins/add',
    password: '/admin/admins/password',
    invite: '/admin/admins/invite',
  },
} as const;

/** The server's API paths, each made from its template in the API document (which types its calls). */
export const apiPaths = {
  me: apiPath('/api/admins/me'),
  login: apiPath('/api/admins/login'),
  register: apiPath('/api/admins/register'),
  logout: apiPath('/api/admins/logout'),
  services: apiPath('/api/services'),
  service: (id: string) => apiPath('/api/services/{id}', { id }),
  servicesBulkDelete: apiPath('/api/services/bulk-delete'),
  news: apiPath('/api/news'),
  newsItem: (id: string) => apiPath('/api/news/{id}', { id }),
  newsBulkDelete: apiPath('/api/news/bulk-delete'),
  newsUpload: (id: string) => apiPath('/api/news/{id}/upload', { id }),
  newsPhoto: (id: string) => apiPath('/api/news/{id}/photo', { id }),
  contactUs: apiPath('/api/contactus'),
  contactUsItem: (id: string) => apiPath('/api/contactus/{id}', { id }),
  contactUsExport: apiPath('/api/contactus/export.csv'),
  contactUsBulkDelete: apiPath('/api/contactus/bulk-delete'),
  contactUsRead: (id: string) => apiPath('/api/contactus/{id}/read', { id }),
  contactUsUnread: (id: string) => apiPath('/api/contactus/{id}/unread', { id }),
  trash: apiPath('/api/trash'),
  trashItem: (kind: string, id: string) => apiPath('/api/trash/{kind}/{id}', { kind, id }),
  trashRestore: (kind: string, id: string) => apiPath('/api/trash/{kind}/{id}/restore', { kind, id }),
  trashBulkRestore: apiPath('/api/trash/bulk-restore'),
  trashBulkPurge: apiPath('/api/trash/bulk-purge'),
  activity: apiPath('/api/activity'),
  activityAdmins: apiPath('/api/activity/admins'),
  newsPhotoLimits: apiPath('/api/news/photo-limits'),
  newsPreview: apiPath('/api/news/preview'),
  admins: apiPath('/api/admins'),
  adminItem: (id: string) => apiPath('/api/admins/{id}', { id }),
  myPassword: apiPath('/api/admins/me/password'),
  myPreferences: apiPath('/api/admins/me/preferences'),
  passwordReset: apiPath('/api/admins/password-reset'),
  passwordResetConfirm: apiPath('/api/admins/password-reset/confirm'),
  invitations: apiPath('/api/admins/invitations'),
  invitation: (id: string) => apiPath('/api/admins/invitations/{id}', { id }),
  acceptInvitation: apiPath('/api/admins/invitations/accept'),
  settings: apiPath('/api/settings'),
  mailStatus: apiPath('/api/settings/mail'),
  mailTest: apiPath('/api/settings/mail/test'),
  dashboard: apiPath('/api/dashboard'),
} as const;
