import { MessageCircle, RotateCcw, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { openSupportChat } from '@web/lib/support-chat';

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
  const icon = 'h-5 w-5';
  return (
    <Card aria-labelledby="trust-title">
      <CardHeader>
        <CardTitle id="trust-title">Pre-order without risk</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-4">
          <Point
            icon={<ShieldCheck aria-hidden="true" className={icon} />}
            title="Your card is only charged if this event reaches its goal"
          >
            {chargedAtOnce ? (
              <p>This event has reached its goal, so new pre-orders are charged right away.</p>
            ) : (
              <p>
                Until then your card is only held (or saved, for events more than 5 days away), and you can
                cancel your order anytime before the goal is reached.
              </p>
            )}
          </Point>
          <Point icon={<RotateCcw aria-hidden="true" className={icon} />} title="If the event doesn't happen">
            <p>
              If the goal isn&apos;t met by the start, or the organizer or the truck calls the event off,
              every hold on a card is released and every charge is refunded in full, automatically. Banks take
              5 to 10 business days to show a refund.
            </p>
          </Point>
          <Point icon={<MessageCircle aria-hidden="true" className={icon} />} title="Questions?">
            <p>Ask about this event or your order in the support chat; our team answers there.</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={openSupportChat}>
              Chat with support
            </Button>
          </Point>
        </ul>
      </CardContent>
    </Card>
  );
}
