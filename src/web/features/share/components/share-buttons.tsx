import { buttonClass, Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { buildShareLinks, buildShareText, type ShareDetails } from '../share-text';
import { reportError } from '@web/lib/report-error';
import { useT } from '@web/lib/i18n';

const canShareNatively = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** The sites a link is shared to, each in a new tab. */
const SITES = [
  { key: 'x', name: 'X' },
  { key: 'facebook', name: 'Facebook' },
  { key: 'whatsapp', name: 'WhatsApp' },
] as const;

/** X, Facebook, WhatsApp, and the device's own share sheet where there is one, else Copy link. */
export function ShareButtons({ details, url }: { details: ShareDetails; url: string }) {
  const t = useT();
  const text = buildShareText(details, t);
  const links = buildShareLinks(url, text);

  async function shareNatively() {
    try {
      await navigator.share({ title: details.title, text, url });
    } catch (error) {
      // The diner closed the share sheet: nothing went wrong.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      reportError('Native share failed', error);
      toast({
        title: t('share.error'),
        description: t('share.shareFailed'),
        variant: 'destructive',
      });
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('share.success'), description: t('share.copied') });
    } catch (error) {
      reportError('Copy failed', error);
      toast({
        title: t('share.error'),
        description: t('share.copyFailed'),
        variant: 'destructive',
      });
    }
  }

  const linkClass = buttonClass('outline', 'sm');
  return (
    <div role="group" aria-label={t('share.groupLabel')} className="flex flex-wrap gap-2">
      {SITES.map(({ key, name }) => (
        <a
          key={key}
          href={links[key]}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
          aria-label={t('share.shareOn', { name })}
        >
          {name}
        </a>
      ))}
      {canShareNatively() ? (
        <Button variant="outline" size="sm" onClick={() => void shareNatively()}>
          {t('share.share')}
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={() => void copyLink()}>
          {t('share.copyLink')}
        </Button>
      )}
    </div>
  );
}
