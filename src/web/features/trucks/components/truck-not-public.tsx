import { CheckCircle2, Circle } from 'lucide-react';
import { ButtonLink } from '@web/components/ui/button';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { useTruckMenu } from '@web/lib/truck-menu';
import { useT } from '@web/lib/i18n';

/**
 * A truck's own public page while it is not public yet (the directory lists a truck with a name, a
 * minimum and at least one dish switched on; to anyone else the address is a 404): what is missing,
 * and where to add it, instead of "Page Not Found" with no word why.
 */
export function TruckNotPublic({
  user,
}: {
  user: { id: number; businessName: string | null; minimumSales: string | null };
}) {
  const t = useT('app');
  const menu = useTruckMenu(user.id);
  const steps = [
    { done: Boolean(user.businessName?.trim()), label: t('trucks.notPublic.name'), to: '/profile' },
    { done: user.minimumSales !== null, label: t('trucks.notPublic.minimum'), to: '/profile' },
    {
      done: (menu.data?.length ?? 0) > 0,
      label: t('trucks.notPublic.dish'),
      to: '/profile#truck-menu',
    },
  ];
  return (
    <PageContainer size="narrow" className="space-y-6">
      <title>{t('trucks.notPublic.tabTitle')}</title>
      <PageHeader title={t('trucks.notPublic.title')} description={t('trucks.notPublic.description')} />
      <ul aria-label={t('trucks.notPublic.needs')} className="space-y-2">
        {steps.map(({ done, label }) => (
          <li key={label} className="flex items-center gap-2">
            {done ? (
              <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
            ) : (
              <Circle aria-hidden="true" className="size-5 shrink-0 text-stone-400" />
            )}
            <span>
              {label}
              <span className="sr-only">
                {done ? t('trucks.notPublic.done') : t('trucks.notPublic.missing')}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <ButtonLink to={steps.find((step) => !step.done)?.to ?? '/profile'}>
        {steps[2]!.done ? t('trucks.notPublic.finish') : t('trucks.notPublic.addDish')}
      </ButtonLink>
    </PageContainer>
  );
}
