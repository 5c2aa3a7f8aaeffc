import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { SCREEN_NEEDS } from './access';
import { paths } from './paths';
import { authQueries, useLogout } from '../features/auth/api/auth';
import { dashboardQueries } from '../features/dashboard/api/dashboard';
import { photoUrl } from '../features/news/api/news';
import { settingsQueries } from '../features/settings/api/settings';
import { DEFAULT_LOGO } from '../features/settings/components/LogoSettings';
import { Alert } from '../components/Alert';
import { CanProvider, type Can } from '../lib/can';
import { SiteStateProvider } from '../lib/site-address';
import { formatCount } from '../lib/format';
import { THEMES, useTheme, type Theme } from '../lib/theme';
import type { LayoutContext } from '../features/admins/components/AdminsScreen';
import './AdminLayout.css';

/** The side menu's screens after the dashboard, in order; each shown to the roles that may open it (app/access.ts). */
const MENU = [
  { to: paths.services.list, label: 'Services' },
  { to: paths.news.list, label: 'News' },
  { to: paths.pages.list, label: 'Pages' },
  { to: paths.contactUs.list, label: 'Contact Us' },
  { to: paths.visitors, label: 'Visitors' },
  { to: paths.trash, label: 'Trash' },
  { to: paths.activity, label: 'Activity' },
  { to: paths.admins.list, label: 'Admins' },
  { to: paths.settings, label: 'Settings' },
  { to: paths.account, label: 'Your account' },
] as const;

function shown(can: Can | undefined, to: string): boolean {
  const need = SCREEN_NEEDS[to];
  return need === undefined || can?.[need] === true;
}

/** The side menu and the content area of every admin screen. */
export function AdminLayout() {
  const { data: admin } = useQuery(authQueries.me());
  const can = admin?.can;
  // The dashboard's own query: the unread count in the menu and the dashboard agree, from one request.
  const { data: summary } = useQuery({ ...dashboardQueries.summary(), enabled: can?.['dashboard.read'] === true });
  // Only for a role that reads the messages: no count it could not open.
  const unread = can?.['contactus.manage'] ? summary?.unread : undefined;
  // What authors submitted, for those who publish it (issue 39's "Waiting for review").
  const review = can?.['news.publish'] ? summary?.counts.review : undefined;
  // The company's logo in the menu and as the tab's icon (the default until the settings are read).
  const settings = useQuery({ ...settingsQueries.current(), enabled: can?.['settings.read'] === true }).data;
  const logo = settings?.logo;
  // A reply to a contact message names it in its subject ("Your message to <company>").
  const companyName = settings?.companyName;
  const logoSrc = logo ? photoUrl(logo) : DEFAULT_LOGO;
  useEffect(() => {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) return;
    icon.href = logo ? photoUrl(logo) : '/favicon.svg';
    icon.type = logo ? 'image/webp' : 'image/svg+xml';
  }, [logo]);
  const [theme, setTheme] = useTheme();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  // Following a link on a phone closes the menu: it stays open only on the page it was opened on.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? location.pathname : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);

  // On a phone the open menu covers the page: focus moves into it and stays there (Tab and
  // Shift+Tab go round its controls; the content behind is inert), and Escape closes it and hands
  // focus back to the Menu button.
  useEffect(() => {
    if (!menuOpen) return;
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') {
        const focusable = Array.from(sidebar.current?.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)') ?? []);
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        const inside = sidebar.current?.contains(document.activeElement) ?? false;
        if (event.shiftKey && (document.activeElement === first || !inside)) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
          event.preventDefault();
          first?.focus();
        }
        return;
      }
      if (event.key !== 'Escape') return;
      setMenuOpenAt(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate(paths.login, { replace: true }),
    });

  return (
    <div className={`layout${menuOpen ? ' layout--menu-open' : ''}`}>
      <header className="topbar">
        <span className="topbar__title">Admin Panel</span>
        <button
          ref={menuButton}
          type="button"
          className="button topbar__menu"
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={() => setMenuOpen(true)}
        >
          Menu
        </button>
      </header>
      <aside ref={sidebar} id="side-menu" className="sidebar" aria-label="Side menu">
        <div className="sidebar__head">
          <p className="sidebar__title">
            <img className="sidebar__logo" src={logoSrc} alt="" width={28} height={28} />
            {/* The company's own name above the spec's "Admin Panel", which stays as it is. */}
            <span className="sidebar__names">
              {settings?.companyName && <span className="sidebar__company">{settings.companyName}</span>}
              <span>Admin Panel</span>
            </span>
          </p>
          <button ref={closeButton} type="button" className="button sidebar__close" onClick={closeMenu}>
            Close
          </button>
        </div>
        <p className="sidebar__admin">{admin?.name || 'Admin'}</p>
        <nav aria-label="Main">
          <ul className="sidebar__links">
            <li>
              {/* `end`: only /admin itself, not every admin page below it. */}
              <NavLink to={paths.admin} end>
                Dashboard
              </NavLink>
            </li>
            {MENU.filter((entry) => shown(can, entry.to)).map((entry) => (
              <li key={entry.to}>
                {entry.to === paths.contactUs.list ? (
                  <NavLink to={entry.to} className="sidebar__link-with-count">
                    {entry.label}
                    {unread && unread.count > 0 && (
                      <span className="sidebar__count">
                        {formatCount(unread)}
                        <span className="visually-hidden"> unread</span>
                      </span>
                    )}
                  </NavLink>
                ) : (
                  <NavLink to={entry.to}>{entry.label}</NavLink>
                )}
              </li>
            ))}
            {review && review.count > 0 && (
              <li>
                <NavLink to={paths.review} end className="sidebar__link-with-count">
                  Waiting for review
                  <span className="sidebar__count">{formatCount(review)}</span>
                </NavLink>
              </li>
            )}
            <li>
              {/* A plain link: the public site is not part of this app. */}
              {/* While visitors see the maintenance page, the site as it will be is at the preview's address. */}
              <a
                href={settings?.maintenance ? paths.sitePreview(paths.site) : paths.site}
                target="_blank"
                rel="noopener"
                aria-describedby="preview-site-hint"
              >
                Preview site
                <span className="sidebar__external" aria-hidden="true">
                  ↗
                </span>
              </a>
              <span id="preview-site-hint" className="visually-hidden">
                Opens in a new tab
              </span>
            </li>
          </ul>
        </nav>
        <div className="sidebar__theme">
          <label htmlFor="theme-choice">Theme</label>
          <select id="theme-choice" value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
            {THEMES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button sidebar__logout" onClick={onLogout} disabled={logout.isPending}>
          Logout
        </button>
        {logout.isError && <Alert>Could not log out. Please try again.</Alert>}
      </aside>
      {menuOpen && <div className="layout__scrim" onClick={closeMenu} aria-hidden="true" />}
      <main className="content" id="content" inert={menuOpen}>
        <CanProvider can={can}>
          <SiteStateProvider maintenance={settings?.maintenance}>
            <Outlet context={{ adminId: admin?.id, admin: admin ?? undefined, companyName } satisfies LayoutContext} />
          </SiteStateProvider>
        </CanProvider>
      </main>
    </div>
  );
}
