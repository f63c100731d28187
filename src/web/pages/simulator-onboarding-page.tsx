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

function Onboarding({ link }: { link: OnboardingLink }) {
  const valid = useSimulatorOnboardingLink(link);
  const complete = useCompleteSimulatorOnboarding();
  const leaving = complete.isPending || complete.isSuccess;
  if (valid.isPending) return <Spinner label="Checking your setup link…" />;
  if (valid.isError || !valid.data.valid) {
    return (
      <Alert tone="warning" title="This setup link has expired or was already used">
        <ButtonLink to="/payouts" variant="outline" size="sm" className="mt-2">
          Back to your money page
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
      <p className="text-muted">
        This page stands in for Stripe’s hosted onboarding while payments are simulated. With real Stripe keys
        you give your business details and bank account to Stripe on their own page instead.
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-stone-50 p-4 text-sm">
        <dt className="text-muted">Business type</dt>
        <dd className="font-medium">Individual (test)</dd>
        <dt className="text-muted">Bank account</dt>
        <dd className="font-medium">Test bank •••• 6789</dd>
      </dl>
      <Button type="submit" disabled={leaving} className="w-full sm:w-auto">
        {leaving ? 'Submitting…' : 'Agree and submit'}
      </Button>
      {complete.isError && (
        <Alert tone="error">
          {errorMessage(complete.error, 'Could not finish the setup. Please try again.')}
        </Alert>
      )}
    </form>
  );
}

/** /payouts/onboarding/simulator: the simulator's onboarding; its link's token is the only key, as Stripe's. */
export function SimulatorOnboardingPage() {
  const [params] = useSearchParams();
  const link = { account: params.get('account') ?? '', token: params.get('token') ?? '' };
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <title>Set Up Payouts · Food Truck Fund</title>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Test mode</p>
      <h1 className="mt-1 text-3xl font-bold">Set up payouts</h1>
      <div className="mt-6 rounded-card border border-line bg-white p-5 shadow-card">
        {link.account && link.token ? (
          <Onboarding link={link} />
        ) : (
          <Alert tone="warning" title="This setup link is incomplete">
            <ButtonLink to="/payouts" variant="outline" size="sm" className="mt-2">
              Back to your money page
            </ButtonLink>
          </Alert>
        )}
      </div>
    </div>
  );
}
