import * as Tabs from '@radix-ui/react-tabs';
import { CircleCheck, Truck } from 'lucide-react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useUser } from '../features/auth/api/get-user';
import { LoginForm } from '../features/auth/components/login-form';
import { RegisterForm } from '../features/auth/components/register-form';
import { returnPathFor } from '../features/auth/home-path';
import { cn } from '../lib/cn';
import { useT } from '../lib/i18n';

const tabClass = cn(
  'flex-1 rounded-full px-3 py-2 text-sm font-semibold text-stone-700',
  'data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm',
);

export function AuthPage() {
  const t = useT('app');
  const { data: user, isPending } = useUser();
  const location = useLocation();
  if (isPending) return <Spinner label={t('auth.checkingSession')} />;
  if (user) return <Navigate to={returnPathFor(user, location.state)} replace />;

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
      <title>{t('auth.pageTitle')}</title>
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-3xl font-bold">{t('auth.welcome')}</h1>
        <p className="mt-1 text-muted">{t('auth.intro')}</p>
        <Tabs.Root defaultValue="login" className="mt-6">
          <Tabs.List aria-label={t('auth.tabsLabel')} className="flex gap-1 rounded-full bg-stone-200 p-1">
            <Tabs.Trigger value="login" className={tabClass}>
              {t('auth.loginTab')}
            </Tabs.Trigger>
            <Tabs.Trigger value="register" className={tabClass}>
              {t('auth.registerTab')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content
            value="login"
            className="mt-6 rounded-card border border-line bg-white p-6 shadow-card"
          >
            <LoginForm />
          </Tabs.Content>
          <Tabs.Content
            value="register"
            className="mt-6 rounded-card border border-line bg-white p-6 shadow-card"
          >
            <RegisterForm />
          </Tabs.Content>
        </Tabs.Root>
      </div>
      <aside className="hidden rounded-card bg-gradient-to-br from-brand-700 to-brand-900 p-10 text-white md:flex md:flex-col md:justify-center">
        <Truck aria-hidden="true" className="size-10 text-brand-200" />
        <h2 className="mt-4 text-3xl font-extrabold">{t('auth.asideHeading')}</h2>
        <p className="mt-4 text-brand-50">{t('auth.asideText')}</p>
        <ul className="mt-6 space-y-3 text-brand-50">
          {[t('auth.asideCreate'), t('auth.asideShare'), t('auth.asidePaid')].map((line) => (
            <li key={line} className="flex items-center gap-2">
              <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-brand-200" />
              {line}
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
