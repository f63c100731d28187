import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { useT } from '@web/lib/i18n';

/** The truck's workspace sections a link can jump to (their ids on /profile). */
export const PROFILE_SECTIONS = { menu: 'truck-menu', profile: 'truck-profile' } as const;

/**
 * Near the top of a truck's /profile: its menu (5.7 screens down on a phone below the long profile
 * form) and its profile one tap away, and its public page. A link from elsewhere to
 * `/profile#truck-menu` lands on the menu too.
 */
export function ProfileJumpLinks({ truckId }: { truckId: number }) {
  const t = useT('app');
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <nav aria-label={t('trucks.onThisPage')} className="flex flex-wrap gap-2">
      <a href={`#${PROFILE_SECTIONS.menu}`} className={buttonClass('outline', 'sm')}>
        {t('trucks.menu')}
      </a>
      <a href={`#${PROFILE_SECTIONS.profile}`} className={buttonClass('outline', 'sm')}>
        {t('trucks.profile')}
      </a>
      <a href={`/trucks/${truckId}`} className={buttonClass('ghost', 'sm')}>
        {t('trucks.myPublicPage')}
      </a>
    </nav>
  );
}
