import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../app/paths';
import { authQueries, useLogout } from '../features/auth/api/auth';
import { Alert } from './Alert';

/** The side menu and the content area of every admin screen. */
export function AdminLayout() {
  const { data: admin } = useQuery(authQueries.me());
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // Following a link on a phone closes the menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate(paths.login, { replace: true }),
    });

  return (
    <div className={`layout${menuOpen ? ' layout--menu-open' : ''}`}>
      <header className="topbar">
        <span className="topbar__title">Admin Panel</span>
        <button type="button" className="button topbar__menu" aria-expanded={menuOpen} aria-controls="side-menu" onClick={() => setMenuOpen(true)}>
          Menu
        </button>
      </header>
      <aside id="side-menu" className="sidebar" aria-label="Side menu">
        <div className="sidebar__head">
          <p className="sidebar__title">Admin Panel</p>
          <button type="button" className="button sidebar__close" onClick={() => setMenuOpen(false)}>
            Close
          </button>
        </div>
        <p className="sidebar__admin">{admin?.name || 'Admin'}</p>
        <nav aria-label="Main">
          <ul className="sidebar__links">
            <li>
              <NavLink to={paths.services.list}>Services</NavLink>
            </li>
            <li>
              <NavLink to={paths.news.list}>News</NavLink>
            </li>
            <li>
              <NavLink to={paths.contactUs.list}>Contact Us</NavLink>
            </li>
          </ul>
        </nav>
        <button type="button" className="button sidebar__logout" onClick={onLogout} disabled={logout.isPending}>
          Logout
        </button>
        {logout.isError && <Alert>Could not log out. Please try again.</Alert>}
      </aside>
      {menuOpen && <div className="layout__scrim" onClick={() => setMenuOpen(false)} aria-hidden="true" />}
      <main className="content" id="content">
        <Outlet />
      </main>
    </div>
  );
}
