import { buttonClass, Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { buildShareLinks, buildShareText, type ShareDetails } from '../share-text';
import { reportError } from '@web/lib/report-error';

const canShareNatively = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** The sites a link is shared to, each in a new tab. */
const SITES = [
  { key: 'x', name: 'X' },
  { key: 'facebook', name: 'Facebook' },
  { key: 'whatsapp', name: 'WhatsApp' },
] as const;

/** X, Facebook, WhatsApp, and the device's own share sheet where there is one, else Copy link. */
export function ShareButtons({ details, url }: { details: ShareDetails; url: string }) {
  const text = buildShareText(details);
  const links = buildShareLinks(url, text);

  async function shareNatively() {
    try {
      await navigator.share({ title: details.title, text, url });
    } catch (error) {
      // The diner closed the share sheet: nothing went wrong.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      reportError('Native share failed', error);
      toast({
        title: 'Error',
        description: 'Could not share event. Please try again.',
        variant: 'destructive',
      });
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Success', description: 'Link copied to clipboard' });
    } catch (error) {
      reportError('Copy failed', error);
      toast({
        title: 'Error',
        description: 'Could not copy link. Please try a different sharing option.',
        variant: 'destructive',
      });
    }
  }

  const linkClass = buttonClass('outline', 'sm');
  return (
    <div role="group" aria-label="Share this event" className="flex flex-wrap gap-2">
      {SITES.map(({ key, name }) => (
        <a
          key={key}
          href={links[key]}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
          aria-label={`Share on ${name} (opens in a new tab)`}
        >
          {name}
        </a>
      ))}
      {canShareNatively() ? (
        <Button variant="outline" size="sm" onClick={() => void shareNatively()}>
          Share…
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={() => void copyLink()}>
          Copy link
        </Button>
      )}
    </div>
  );
}
