import { MessageCircle, RotateCcw, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { openSupportChat } from '@web/lib/support-chat';
import { useT } from '@web/lib/i18n';

function Point({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 shrink-0 text-emerald-700">{icon}</span>
      <div className="min-w-0">
        <h3 className="font-semibold text-stone-900">{title}</h3>
        <div className="mt-0.5 text-sm text-stone-700">{children}</div>
      </div>
    </li>
  );
}

/**
 * Why a diner can pre-order safely, from the money rules (docs/decisions/015-money-engine.md): the
 * no-risk promise, what happens to the money if the event does not happen, and how to ask a question
 * (the support chat: nobody's e-mail address is published).
 */
export function TrustPanel({ chargedAtOnce }: { chargedAtOnce: boolean }) {
  const t = useT();
  const icon = 'h-5 w-5';
  return (
    <Card aria-labelledby="trust-title">
      <CardHeader>
        <CardTitle id="trust-title">{t('eventPage.preOrderWithoutRisk')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-4">
          <Point
            icon={<ShieldCheck aria-hidden="true" className={icon} />}
            title={t('eventPage.yourCardIsOnly2')}
          >
            {chargedAtOnce ? (
              <p>{t('eventPage.thisEventHasReached')}</p>
            ) : (
              <p>{t('eventPage.untilThenYourCard')}</p>
            )}
          </Point>
          <Point
            icon={<RotateCcw aria-hidden="true" className={icon} />}
            title={t('eventPage.ifTheEventDoesn')}
          >
            <p>{t('eventPage.ifTheGoalIsn')}</p>
          </Point>
          <Point
            icon={<MessageCircle aria-hidden="true" className={icon} />}
            title={t('eventPage.questions')}
          >
            <p>{t('eventPage.askAboutThisEvent')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={openSupportChat}>
              {t('eventPage.chatWithSupport')}
            </Button>
          </Point>
        </ul>
      </CardContent>
    </Card>
  );
}
