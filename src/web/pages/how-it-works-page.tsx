import { CreditCard, ShieldCheck, ShoppingBag, Target, Truck, type LucideIcon } from 'lucide-react';
import { Card } from '../components/ui/card';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { useT } from '../lib/i18n';

/** Each card's words are `howItWorks.<key>Title` and `howItWorks.<key>Text`. */
const CARDS: { icon: LucideIcon; key: string }[] = [
  { icon: ShoppingBag, key: 'preOrder' },
  { icon: CreditCard, key: 'noCharge' },
  { icon: Target, key: 'goal' },
  { icon: Truck, key: 'service' },
];

export function HowItWorksPage() {
  const t = useT();
  return (
    <PageContainer>
      <title>{t('howItWorks.pageTitle')}</title>
      <PageHeader title={t('howItWorks.heading')} description={t('howItWorks.description')} />
      <ol className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map(({ icon: Icon, key }, index) => (
          <li key={key}>
            <Card className="h-full p-5">
              <div className="flex items-center gap-3">
                <span className="flex size-11 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-semibold text-muted">
                  {t('howItWorks.step', { n: index + 1 })}
                </span>
              </div>
              <h2 className="mt-4 text-lg font-semibold">{t(`howItWorks.${key}Title`)}</h2>
              <p className="mt-1 text-sm text-muted">{t(`howItWorks.${key}Text`)}</p>
            </Card>
          </li>
        ))}
      </ol>
      <section className="mt-10 flex flex-col gap-4 rounded-card bg-herb-50 p-6 sm:flex-row sm:items-start">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-herb-700 text-white">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="text-xl font-semibold text-herb-800">{t('howItWorks.riskFreeTitle')}</h2>
          <p className="mt-2 text-stone-700">{t('howItWorks.riskFreeText')}</p>
        </div>
      </section>
    </PageContainer>
  );
}
