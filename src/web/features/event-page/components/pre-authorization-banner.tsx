import { useT } from '@web/lib/i18n';
import { useEventMoney } from '@web/lib/event-money';

/**
 * The promise at the top of the page: a hold now, a charge only if the goal is met (or at once after
 * it). After the goal, if charges failed, it says what is still missing rather than that all is well.
 */
export function PreAuthorizationBanner({
  chargedAtOnce,
  shortfallCents = 0,
  savesCard = false,
}: {
  chargedAtOnce: boolean;
  shortfallCents?: number;
  /** The start is too far off for a hold (more than 4 days 18 hours): the card is saved, not authorized. */
  savesCard?: boolean;
}) {
  const t = useT();
  const money = useEventMoney();
  return (
    <div
      role="note"
      aria-label={t('eventPage.howPaymentWorks')}
      className="border-b border-brand-100 bg-brand-50"
    >
      <p className="mx-auto max-w-6xl px-4 py-3 text-sm text-brand-700">
        {chargedAtOnce && shortfallCents > 0 ? (
          <>
            <strong>{t('eventPage.thisEventReachedIts')}</strong>{' '}
            {t('eventPage.isNeededAgainTo', { amount: money.format(shortfallCents) })}
          </>
        ) : chargedAtOnce ? (
          <>
            <strong>{t('eventPage.thisEventReachedIts2')}</strong> {t('eventPage.newPreOrdersAre')}
          </>
        ) : (
          <>
            <strong>{t('eventPage.preOrderWithNo')}</strong>{' '}
            {savesCard ? t('eventPage.cardOnlySavedNow') : t('eventPage.cardOnlyAuthorizedNow')}
          </>
        )}
      </p>
    </div>
  );
}
