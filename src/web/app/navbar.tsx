import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { isPublicRoute } from '../../core/routes';
import { Button } from '../components/ui/button';
import { cn } from '../lib/cn';
import { useUser, type User } from '../features/auth/api/get-user';
import { useLogout } from '../features/auth/api/logout';

interface NavItem {
  to: string;
  label: string;
}

/** Navbar links per role; admins get theirs too. */
export function navItemsFor(user: User | null | undefined): NavItem[] {
  if (!user) return [];
  const items: NavItem[] = [{ to: '/how-it-works', label: 'How It Works' }];
  if (user.role === 'organizer') {
    items.push({ to: '/my-events', label: 'My Events' }, { to: '/events/create', label: 'Create Event' });
  } else {
    if (user.role === 'admin')
      items.push(
        { to: '/admin/events', label: 'Manage Events' },
        { to: '/admin/chat', label: 'Monitor Support Chat' },
      );
    if (user.role === 'foodtruck') items.push({ to: '/bookings', label: 'My Bookings' });
    items.push({ to: '/profile', label: 'My Profile' });
  }
  // Trucks and organizers are paid after their events: their money page.
  if (user.role !== 'admin') items.push({ to: '/payouts', label: 'Money' });
  return items;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-stone-700 hover:bg-stone-100',
  );

export function Navbar() {
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
            {item.label}
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
            Logout
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
            Login / Register
          </NavLink>
        </li>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <span aria-hidden="true">🚚</span> Food Truck Fund
        </Link>
        <ul className="hidden items-center gap-1 md:flex">{links}</ul>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" className="text-xl">
            {menuOpen ? '✕' : '☰'}
          </span>
        </Button>
      </nav>
      {menuOpen && (
        <ul id="mobile-menu" className="space-y-1 border-t border-stone-100 px-4 py-2 md:hidden">
          {links}
        </ul>
      )}
    </header>
  );
}
