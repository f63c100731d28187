import * as Tabs from '@radix-ui/react-tabs';
import { CircleCheck, Truck } from 'lucide-react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useUser } from '../features/auth/api/get-user';
import { LoginForm } from '../features/auth/components/login-form';
import { RegisterForm } from '../features/auth/components/register-form';
import { returnPathFor } from '../features/auth/home-path';
import { cn } from '../lib/cn';

const tabClass = cn(
  'flex-1 rounded-full px-3 py-2 text-sm font-semibold text-stone-700',
  'data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm',
);

export function AuthPage() {
  const { data: user, isPending } = useUser();
  const location = useLocation();
  if (isPending) return <Spinner label="Checking your session…" />;
  if (user) return <Navigate to={returnPathFor(user, location.state)} replace />;

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
      <title>Login or Register · Food Truck Fund</title>
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-3xl font-bold">Welcome</h1>
        <p className="mt-1 text-muted">Sign in or create an account to manage food truck events.</p>
        <Tabs.Root defaultValue="login" className="mt-6">
          <Tabs.List aria-label="Sign in or register" className="flex gap-1 rounded-full bg-stone-200 p-1">
            <Tabs.Trigger value="login" className={tabClass}>
              Login
            </Tabs.Trigger>
            <Tabs.Trigger value="register" className={tabClass}>
              Register
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
        <h2 className="mt-4 text-3xl font-extrabold">Fundraising with Food Trucks</h2>
        <p className="mt-4 text-brand-50">
          Organizers find and book trucks. Trucks manage bookings and grow their business. Diners pre-order,
          and their cards are charged only when the event reaches its goal.
        </p>
        <ul className="mt-6 space-y-3 text-brand-50">
          {[
            'Create an event and set a goal',
            'Share it and collect pre-orders',
            'Get paid while eating food',
          ].map((line) => (
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
