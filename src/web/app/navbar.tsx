import { Menu, Truck, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { isPublicRoute } from '../../core/routes';
import { Button } from '../components/ui/button';
import { cn } from '../lib/cn';
import { useUser, type User } from '../features/auth/api/get-user';
import { useLogout } from '../features/auth/api/logout';
import { useT } from '../lib/i18n';
import { LanguageSwitcher } from './language-switcher';

interface NavItem {
  to: string;
  /** The link's words: a key of the `common` catalog. */
  label: string;
}

/** Navbar links per role; admins get theirs too. */
export function navItemsFor(user: User | null | undefined): NavItem[] {
  if (!user) return [];
  const items: NavItem[] = [{ to: '/how-it-works', label: 'nav.howItWorks' }];
  if (user.role === 'organizer') {
    items.push(
      { to: '/my-events', label: 'nav.myEvents' },
      { to: '/trucks', label: 'nav.findTruck' },
      { to: '/events/create', label: 'nav.createEvent' },
    );
  } else {
    if (user.role === 'admin')
      items.push(
        { to: '/admin/events', label: 'nav.manageEvents' },
        { to: '/admin/chat', label: 'nav.monitorChat' },
      );
    if (user.role === 'foodtruck') items.push({ to: '/bookings', label: 'nav.myBookings' });
    items.push({ to: '/profile', label: 'nav.myProfile' });
  }
  // Trucks and organizers are paid after their events: their money page.
  if (user.role !== 'admin') items.push({ to: '/payouts', label: 'nav.money' });
  // Password and e-mail confirmation, for everyone (decision 120).
  items.push({ to: '/account', label: 'nav.account' });
  return items;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-full px-3 py-2 text-sm font-semibold',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100 hover:text-ink',
  );

export function Navbar() {
  const t = useT();
  const location = useLocation();
  const { data: user, isPending } = useUser();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = navItemsFor(user);
  const showLogin = !user && (!isPending || isPublicRoute(location.pathname));

  const links = (
    <>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={linkClass} onClick={() => setMenuOpen(false)}>
            {t(item.label)}
          </NavLink>
        </li>
      ))}
      {user && (
        <li>
          <Button
            variant="ghost"
            className="w-full justify-start md:w-auto"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            {t('nav.logout')}
          </Button>
        </li>
      )}
      {showLogin && (
        <li>
          <NavLink
            to="/auth"
            // Signing in from here comes back here (docs/decisions/034-sign-in-returns-you.md).
            state={location.pathname === '/auth' ? undefined : { from: location.pathname + location.search }}
            className={linkClass}
            onClick={() => setMenuOpen(false)}
          >
            {t('nav.loginRegister')}
          </NavLink>
        </li>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      {/* h-navbar: html's scroll-padding-top (styles.css) keeps focused fields below this bar. */}
      <nav
        aria-label={t('nav.main')}
        className="mx-auto flex h-navbar max-w-6xl items-center justify-between gap-4 px-4"
      >
        <Link to="/" className="flex items-center gap-2 font-display text-xl font-bold text-ink">
          <span className="flex size-9 items-center justify-center rounded-full bg-brand-700 text-white">
            <Truck aria-hidden="true" className="size-5" />
          </span>
          Food Truck Fund
        </Link>
        <ul className="hidden items-center gap-1 md:flex">{links}</ul>
        <div className="ml-auto mr-2 md:ml-2 md:mr-0">
          <LanguageSwitcher />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X aria-hidden="true" className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
        </Button>
      </nav>
      {menuOpen && (
        <ul id="mobile-menu" className="space-y-1 border-t border-line px-4 py-2 md:hidden">
          {links}
        </ul>
      )}
    </header>
  );
}
