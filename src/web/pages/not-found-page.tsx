import { MapPinOff } from 'lucide-react';
import { ButtonLink } from '../components/ui/button';
import { useT } from '../lib/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <title>{t('notFound.pageTitle')}</title>
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <MapPinOff aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-4 font-display text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t('notFound.heading')}</h1>
      <p className="mt-2 text-muted">{t('notFound.text')}</p>
      <ButtonLink to="/" className="mt-6">
        {t('notFound.home')}
      </ButtonLink>
    </div>
  );
}
