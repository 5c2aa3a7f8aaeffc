import { apiPath, type ApiSchema } from '../lib/api';
import { photoApiPaths } from '../lib/photos';
import { languageApiPaths } from '../lib/translations';
import { previewPath } from '../lib/site-address';

/** Every route and API path of the client, in one table. No string-built URLs elsewhere. */
export const paths = {
  /** The public website (a new tab from the side menu's Preview site, at the preview's address while maintenance is on: lib/site-address.tsx). */
  site: '/',
  /** A site path at the preview's address (issue #42): what a signed-in administrator sees there, drafts and maintenance too. */
  sitePreview: previewPath,
  /** An article's page on the public site (its counts on the Visitors screen are under this path). */
  siteArticle: (slug: string) => `/news/${encodeURIComponent(slug)}`,
  /** An article's page in another language than the default (issue #41): `/de/news/<slug>`. */
  siteArticleIn: (lang: string, slug: string) => `/${encodeURIComponent(lang)}/news/${encodeURIComponent(slug)}`,
  /** The services page in another language than the default. */
  siteServicesIn: (lang: string) => `/${encodeURIComponent(lang)}/services`,
  /** One of the company's own pages on the public site: at the top level (`/about-us`). */
  sitePage: (slug: string) => `/${encodeURIComponent(slug)}`,
  /** A page in another language than the default (issue #41): `/de/<slug>`. */
  sitePageIn: (lang: string, slug: string) => `/${encodeURIComponent(lang)}/${encodeURIComponent(slug)}`,
  admin: '/admin',
  login: '/admin/login',
  register: '/admin/register',
  forgotPassword: '/admin/forgot-password',
  /** The link a password reset mail carries (`#token=`; client/src/lib/link-token.ts). */
  resetPassword: '/admin/reset-password',
  /** The link an invitation mail carries (`#token=`; client/src/lib/link-token.ts). */
  acceptInvitation: '/admin/accept-invitation',
  /** The link mailed to an admin's new address (`#token=`; client/src/lib/link-token.ts). */
  confirmEmail: '/admin/confirm-email',
  account: '/admin/account',
  services: {
    list: '/admin/service',
    create: '/admin/service/create',
    edit: (id: string) => `/admin/service/edit/${encodeURIComponent(id)}`,
    editPattern: '/admin/service/edit/:id',
    /** The edit form with its History open on one revision (the Activity screen's links). */
    revision: (id: string, seq: number) => `/admin/service/edit/${encodeURIComponent(id)}?revision=${seq}`,
  },
  news: {
    list: '/admin/news',
    create: '/admin/news/create',
    edit: (id: string) => `/admin/news/edit/${encodeURIComponent(id)}`,
    editPattern: '/admin/news/edit/:id',
    detail: (id: string) => `/admin/news/NewsDetails/${encodeURIComponent(id)}`,
    detailPattern: '/admin/news/NewsDetails/:id',
    /** The edit form with its History open on one revision (the Activity screen's links). */
    revision: (id: string, seq: number) => `/admin/news/edit/${encodeURIComponent(id)}?revision=${seq}`,
  },
  pages: {
    list: '/admin/pages',
    create: '/admin/pages/create',
    edit: (id: string) => `/admin/pages/edit/${encodeURIComponent(id)}`,
    editPattern: '/admin/pages/edit/:id',
    /** The edit form with its History open on one revision (the Activity screen's links). */
    revision: (id: string, seq: number) => `/admin/pages/edit/${encodeURIComponent(id)}?revision=${seq}`,
  },
  contactUs: {
    list: '/admin/adminContactUs',
    /** The list with one message open in its dialog (the dashboard's links). */
    view: (id: string) => `/admin/adminContactUs?view=${encodeURIComponent(id)}`,
  },
  trash: '/admin/trash',
  /** What authors submitted, for those who publish it (issue #39). */
  review: '/admin/review',
  activity: '/admin/activity',
  /** The visitor counts; `?range=30d` opens them on a period (lib/visitor-range.ts writes it). */
  visitors: '/admin/visitors',
  settings: '/admin/settings',
  /** Settings with the History open on one revision (the Activity screen's links). */
  settingsRevision: (seq: number) => `/admin/settings?revision=${seq}`,
  /** Settings → Navigation: the header and footer menus. */
  settingsNavigation: '/admin/settings/navigation',
  /** Settings → Languages: the site's languages and the company's name, tagline and menus in each. */
  settingsLanguages: '/admin/settings/languages',
  /** Settings' mail section (its id), where mail is set up. */
  settingsMail: '/admin/settings#mail',
  admins: {
    list: '/admin/admins',
    /** The former Add administrator form's address: it opens the invitation. */
    add: '/admin/admins/add',
    password: '/admin/admins/password',
    invite: '/admin/admins/invite',
  },
} as const;

/** The server's API paths, each made from its template in the API document (which types its calls). */
export const apiPaths = {
  me: apiPath('/api/admins/me'),
  login: apiPath('/api/admins/login'),
  loginSecondFactor: apiPath('/api/admins/login/second-factor'),
  register: apiPath('/api/admins/register'),
  logout: apiPath('/api/admins/logout'),
  services: apiPath('/api/services'),
  service: (id: string) => apiPath('/api/services/{id}', { id }),
  servicesBulkDelete: apiPath('/api/services/bulk-delete'),
  serviceRevisions: (id: string) => apiPath('/api/services/{id}/revisions', { id }),
  serviceRevision: (id: string, seq: number) => apiPath('/api/services/{id}/revisions/{seq}', { id, seq: String(seq) }),
  serviceRevisionRestore: (id: string, seq: number) => apiPath('/api/services/{id}/revisions/{seq}/restore', { id, seq: String(seq) }),
  serviceDraft: (id: string) => apiPath('/api/services/{id}/draft', { id }),
  serviceDraftPublish: (id: string) => apiPath('/api/services/{id}/draft/publish', { id }),
  news: apiPath('/api/news'),
  newsTranslations: (id: string) => apiPath('/api/news/{id}/translations', { id }),
  newsTranslation: (id: string, lang: string) => apiPath('/api/news/{id}/translations/{lang}', { id, lang }),
  newsTranslationRevisions: (id: string, lang: string) => apiPath('/api/news/{id}/translations/{lang}/revisions', { id, lang }),
  newsTranslationDraft: (id: string, lang: string) => apiPath('/api/news/{id}/translations/{lang}/draft', { id, lang }),
  newsTranslationDraftPublish: (id: string, lang: string) => apiPath('/api/news/{id}/translations/{lang}/draft/publish', { id, lang }),
  serviceTranslations: (id: string) => apiPath('/api/services/{id}/translations', { id }),
  serviceTranslation: (id: string, lang: string) => apiPath('/api/services/{id}/translations/{lang}', { id, lang }),
  serviceTranslationRevisions: (id: string, lang: string) => apiPath('/api/services/{id}/translations/{lang}/revisions', { id, lang }),
  serviceTranslationDraft: (id: string, lang: string) => apiPath('/api/services/{id}/translations/{lang}/draft', { id, lang }),
  serviceTranslationDraftPublish: (id: string, lang: string) =>
    apiPath('/api/services/{id}/translations/{lang}/draft/publish', { id, lang }),
  languages: languageApiPaths.languages,
  newsItem: (id: string) => apiPath('/api/news/{id}', { id }),
  newsBulkDelete: apiPath('/api/news/bulk-delete'),
  newsRevisions: (id: string) => apiPath('/api/news/{id}/revisions', { id }),
  newsRevision: (id: string, seq: number) => apiPath('/api/news/{id}/revisions/{seq}', { id, seq: String(seq) }),
  newsRevisionRestore: (id: string, seq: number) => apiPath('/api/news/{id}/revisions/{seq}/restore', { id, seq: String(seq) }),
  newsDraft: (id: string) => apiPath('/api/news/{id}/draft', { id }),
  newsDraftPublish: (id: string) => apiPath('/api/news/{id}/draft/publish', { id }),
  pages: apiPath('/api/pages'),
  page: (id: string) => apiPath('/api/pages/{id}', { id }),
  pagesBulkDelete: apiPath('/api/pages/bulk-delete'),
  pagesPreview: apiPath('/api/pages/preview'),
  pageRevisions: (id: string) => apiPath('/api/pages/{id}/revisions', { id }),
  pageRevision: (id: string, seq: number) => apiPath('/api/pages/{id}/revisions/{seq}', { id, seq: String(seq) }),
  pageRevisionRestore: (id: string, seq: number) => apiPath('/api/pages/{id}/revisions/{seq}/restore', { id, seq: String(seq) }),
  pageDraft: (id: string) => apiPath('/api/pages/{id}/draft', { id }),
  pageTranslations: (id: string) => apiPath('/api/pages/{id}/translations', { id }),
  pageTranslation: (id: string, lang: string) => apiPath('/api/pages/{id}/translations/{lang}', { id, lang }),
  pageTranslationRevisions: (id: string, lang: string) => apiPath('/api/pages/{id}/translations/{lang}/revisions', { id, lang }),
  pageTranslationDraft: (id: string, lang: string) => apiPath('/api/pages/{id}/translations/{lang}/draft', { id, lang }),
  pageTranslationDraftPublish: (id: string, lang: string) => apiPath('/api/pages/{id}/translations/{lang}/draft/publish', { id, lang }),
  pageDraftPublish: (id: string) => apiPath('/api/pages/{id}/draft/publish', { id }),
  newsSubmit: (id: string) => apiPath('/api/news/{id}/submit', { id }),
  newsReturn: (id: string) => apiPath('/api/news/{id}/return', { id }),
  pageSubmit: (id: string) => apiPath('/api/pages/{id}/submit', { id }),
  pageReturn: (id: string) => apiPath('/api/pages/{id}/return', { id }),
  contactUs: apiPath('/api/contactus'),
  contactUsItem: (id: string) => apiPath('/api/contactus/{id}', { id }),
  contactUsExport: apiPath('/api/contactus/export.csv'),
  contactUsBulkDelete: apiPath('/api/contactus/bulk-delete'),
  contactUsBulkRead: apiPath('/api/contactus/bulk-read'),
  contactUsRead: (id: string) => apiPath('/api/contactus/{id}/read', { id }),
  contactUsUnread: (id: string) => apiPath('/api/contactus/{id}/unread', { id }),
  trash: apiPath('/api/trash'),
  review: apiPath('/api/review'),
  trashItem: (kind: string, id: string) => apiPath('/api/trash/{kind}/{id}', { kind, id }),
  trashRestore: (kind: string, id: string) => apiPath('/api/trash/{kind}/{id}/restore', { kind, id }),
  trashBulkRestore: apiPath('/api/trash/bulk-restore'),
  trashBulkPurge: apiPath('/api/trash/bulk-purge'),
  activity: apiPath('/api/activity'),
  activityAdmins: apiPath('/api/activity/admins'),
  newsPhotoLimits: photoApiPaths.limits,
  photos: photoApiPaths.store,
  newsPreview: apiPath('/api/news/preview'),
  admins: apiPath('/api/admins'),
  adminSessionsEnd: (id: string) => apiPath('/api/admins/{id}/sessions/end', { id }),
  adminPasswordReset: (id: string) => apiPath('/api/admins/{id}/password-reset', { id }),
  adminItem: (id: string) => apiPath('/api/admins/{id}', { id }),
  myPassword: apiPath('/api/admins/me/password'),
  confirm: apiPath('/api/admins/me/confirm'),
  confirmPasskeyOptions: apiPath('/api/admins/me/confirm/passkey-options'),
  myPreferences: apiPath('/api/admins/me/preferences'),
  myEmail: apiPath('/api/admins/me/email'),
  myEmailConfirm: apiPath('/api/admins/me/email/confirm'),
  mySessions: apiPath('/api/admins/me/sessions'),
  mySession: (id: string) => apiPath('/api/admins/me/sessions/{id}', { id }),
  mySessionsEndOthers: apiPath('/api/admins/me/sessions/end-others'),
  mySecondFactor: apiPath('/api/admins/me/second-factor'),
  myTotp: apiPath('/api/admins/me/totp'),
  myTotpConfirm: apiPath('/api/admins/me/totp/confirm'),
  myPasskeys: apiPath('/api/admins/me/passkeys'),
  myPasskeyOptions: apiPath('/api/admins/me/passkeys/options'),
  myPasskey: (id: string) => apiPath('/api/admins/me/passkeys/{id}', { id }),
  passkeySignIn: apiPath('/api/admins/login/passkey'),
  passkeySignInOptions: apiPath('/api/admins/login/passkey/options'),
  passwordReset: apiPath('/api/admins/password-reset'),
  passwordResetConfirm: apiPath('/api/admins/password-reset/confirm'),
  invitations: apiPath('/api/admins/invitations'),
  invitation: (id: string) => apiPath('/api/admins/invitations/{id}', { id }),
  acceptInvitation: apiPath('/api/admins/invitations/accept'),
  settings: apiPath('/api/settings'),
  settingsLogo: apiPath('/api/settings/logo'),
  settingsNavigation: apiPath('/api/settings/navigation'),
  settingsLanguages: apiPath('/api/settings/languages'),
  settingsTranslation: (lang: string) => apiPath('/api/settings/translations/{lang}', { lang }),
  settingsRevisions: apiPath('/api/settings/revisions'),
  settingsRevision: (seq: number) => apiPath('/api/settings/revisions/{seq}', { seq: String(seq) }),
  settingsRevisionRestore: (seq: number) => apiPath('/api/settings/revisions/{seq}/restore', { seq: String(seq) }),
  mailStatus: apiPath('/api/settings/mail'),
  mailTest: apiPath('/api/settings/mail/test'),
  cdnStatus: apiPath('/api/settings/cdn'),
  dashboard: apiPath('/api/dashboard'),
  analyticsStatus: apiPath('/api/analytics/status'),
  analyticsSummary: apiPath('/api/analytics/summary'),
  /** `pages`, `referrers`, `countries`…: the period's top 50. */
  analyticsReport: (report: ApiSchema<'AnalyticsReport'>) => apiPath('/api/analytics/{report}', { report }),
  analyticsLive: apiPath('/api/analytics/live'),
  analyticsExport: apiPath('/api/analytics/export'),
} as const;
