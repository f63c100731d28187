import { useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert';
import { Button, ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import {
  useCompleteSimulatorOnboarding,
  useSimulatorOnboardingLink,
  type OnboardingLink,
} from '../features/payouts/api/simulator-onboarding';
import { errorMessage } from '../lib/api-client';
import { useT } from '../lib/i18n';

function Onboarding({ link }: { link: OnboardingLink }) {
  const t = useT('app');
  const valid = useSimulatorOnboardingLink(link);
  const complete = useCompleteSimulatorOnboarding();
  const leaving = complete.isPending || complete.isSuccess;
  if (valid.isPending) return <Spinner label={t('onboarding.checking')} />;
  if (valid.isError || !valid.data.valid) {
    return (
      <Alert tone="warning" title={t('onboarding.expired')}>
        <ButtonLink to="/payouts" variant="outline" size="sm" className="mt-2">
          {t('onboarding.back')}
        </ButtonLink>
      </Alert>
    );
  }
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        complete.mutate(link);
      }}
    >
      <p className="text-muted">{t('onboarding.intro')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-stone-50 p-4 text-sm">
        <dt className="text-muted">{t('onboarding.businessType')}</dt>
        <dd className="font-medium">{t('onboarding.individual')}</dd>
        <dt className="text-muted">{t('onboarding.bankAccount')}</dt>
        <dd className="font-medium">{t('onboarding.testBank')}</dd>
      </dl>
      <Button type="submit" disabled={leaving} className="w-full sm:w-auto">
        {leaving ? t('onboarding.submitting') : t('onboarding.submit')}
      </Button>
      {complete.isError && <Alert tone="error">{errorMessage(complete.error, t('onboarding.failed'))}</Alert>}
    </form>
  );
}

/** /payouts/onboarding/simulator: the simulator's onboarding; its link's token is the only key, as Stripe's. */
export function SimulatorOnboardingPage() {
  const t = useT('app');
  const [params] = useSearchParams();
  const link = { account: params.get('account') ?? '', token: params.get('token') ?? '' };
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <title>{t('onboarding.tabTitle')}</title>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
        {t('onboarding.testMode')}
      </p>
      <h1 className="mt-1 text-3xl font-bold">{t('payouts.setUp')}</h1>
      <div className="mt-6 rounded-card border border-line bg-white p-5 shadow-card">
        {link.account && link.token ? (
          <Onboarding link={link} />
        ) : (
          <Alert tone="warning" title={t('onboarding.incomplete')}>
            <ButtonLink to="/payouts" variant="outline" size="sm" className="mt-2">
              {t('onboarding.back')}
            </ButtonLink>
          </Alert>
        )}
      </div>
    </div>
  );
}
