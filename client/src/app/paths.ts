/** Every route and API path of the client, in one table. No string-built URLs elsewhere. */
export const paths = {
  /** The public website (a new tab from the side menu's Preview site; the server shows it to a logged-in admin even in maintenance). */
  site: '/',
  admin: '/admin',
  login: '/admin/login',
  register: '/admin/register',
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
  },
  trash: '/admin/trash',
  activity: '/admin/activity',
  settings: '/admin/settings',
  admins: {
    list: '/admin/admins',
    add: '/admin/admins/add',
    password: '/admin/admins/password',
  },
} as const;

/** The server's API paths. */
export const apiPaths = {
  me: '/api/admins/me',
  login: '/api/admins/login/',
  register: '/api/admins/register/',
  logout: '/api/admins/logout',
  services: '/api/services',
  service: (id: string) => `/api/services/${encodeURIComponent(id)}`,
  news: '/api/news',
  newsItem: (id: string) => `/api/news/${encodeURIComponent(id)}`,
  newsUpload: (id: string) => `/api/news/${encodeURIComponent(id)}/upload`,
  contactUs: '/api/contactus',
  contactUsItem: (id: string) => `/api/contactus/${encodeURIComponent(id)}`,
  contactUsExport: '/api/contactus/export.csv',
  trash: '/api/trash',
  trashItem: (kind: string, id: string) => `/api/trash/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
  trashRestore: (kind: string, id: string) => `/api/trash/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/restore`,
  activity: '/api/activity',
  activityAdmins: '/api/activity/admins',
  newsPhotoLimits: '/api/news/photo-limits',
  admins: '/api/admins',
  adminItem: (id: string) => `/api/admins/${encodeURIComponent(id)}`,
  myPassword: '/api/admins/me/password',
  settings: '/api/settings',
} as const;
