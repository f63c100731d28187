import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

// Each pair is ≥ 6:1 (docs/design-system.md).
const tones = {
  neutral: 'bg-stone-100 text-stone-800',
  brand: 'bg-brand-100 text-brand-900',
  good: 'bg-herb-100 text-herb-800',
  info: 'bg-sky-100 text-sky-900',
  warning: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-900',
};

export type BadgeTone = keyof typeof tones;

/** A status pill: a state in a word or two ("Approved", "Held"), never a sentence. */
export function StatusBadge({
  tone = 'neutral',
  icon,
  children,
  className,
}: {
  tone?: BadgeTone;
  /** A decorative lucide icon, e.g. `<Check aria-hidden />`: the words carry the meaning. */
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3.5',
        tones[tone],
        className,
      )}
    >
      {icon}
      {children}
    </span>
  );
}
