import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { UserRole } from '../../core/schemas/auth';
import { Spinner } from '../components/ui/spinner';
import { useIdParam } from '../lib/use-id-param';
import { useUser, type User } from '../features/auth/api/get-user';
import { useT } from '../lib/i18n';
import { NotFoundPage } from '../pages/not-found-page';

/**
 * Wraps a route that needs a session: a spinner while the session is unknown, /auth when the
 * check answers 401. The server enforces the same rule on every call.
 */
export function RequireSession({ children }: { children: (user: User) => ReactNode }) {
  const t = useT();
  const { data: user, isPending, isError } = useUser();
  const location = useLocation();
  if (isPending) return <Spinner label={t('ui.checkingSession')} />;
  if (isError) return <SessionError />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return <>{children(user)}</>;
}

/** A route for some roles only; others are sent where decision 005 says. */
export function RequireRole({
  roles,
  otherwise,
  children,
}: {
  roles: UserRole[];
  otherwise: 'home' | 'not-found';
  children: (user: User) => ReactNode;
}) {
  return (
    <RequireSession>
      {(user) => {
        if (roles.includes(user.role)) return children(user);
        return otherwise === 'home' ? <Navigate to="/" replace /> : <NotFoundPage />;
      }}
    </RequireSession>
  );
}

type RolePageProps = Omit<Parameters<typeof RequireRole>[0], 'children'> & {
  /** The page's name in the browser's tab, before " · Food Truck Fund"; set before the session is known. */
  title: string;
};

/** A whole page for some roles only: its tab title, then the role gate. */
export function RolePage({
  title,
  children,
  ...gate
}: RolePageProps & { children: (user: User) => ReactNode }) {
  return (
    <>
      <title>{`${title} · Food Truck Fund`}</title>
      <RequireRole {...gate}>{children}</RequireRole>
    </>
  );
}

/** A role's page about one thing named by the route's `:id`; an id that is not a whole number is a 404. */
export function RoleIdPage({
  children,
  ...page
}: RolePageProps & { children: (id: number, user: User) => ReactNode }) {
  const id = useIdParam();
  return <RolePage {...page}>{(user) => (id ? children(id, user) : <NotFoundPage />)}</RolePage>;
}

/** A role's page as its module declares it: the tab title is a key of the `app` catalog (`tabTitles.*`). */
type RolePageSpec = Omit<RolePageProps, 'title'> & { titleKey: string };

/**
 * The component a page module exports for a role's page (RolePage): its tab title in the page's
 * language, who may see it, where the others go, and what it shows the signed-in user.
 */
export function rolePage({ titleKey, ...gate }: RolePageSpec, render: (user: User) => ReactNode) {
  return function TitledRolePage() {
    const t = useT('app');
    return (
      <RolePage title={t(titleKey)} {...gate}>
        {render}
      </RolePage>
    );
  };
}

/** The same for a role's page about one thing named by the route's `:id` (RoleIdPage). */
export function roleIdPage(
  { titleKey, ...gate }: RolePageSpec,
  render: (id: number, user: User) => ReactNode,
) {
  return function TitledRoleIdPage() {
    const t = useT('app');
    return (
      <RoleIdPage title={t(titleKey)} {...gate}>
        {render}
      </RoleIdPage>
    );
  };
}

function SessionError() {
  const t = useT();
  return (
    <div role="alert" className="mx-auto max-w-md p-8 text-center">
      <p className="font-medium">{t('ui.sessionFailed')}</p>
      <button type="button" className="mt-3 underline" onClick={() => window.location.reload()}>
        {t('ui.tryAgain')}
      </button>
    </div>
  );
}
