import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { DecodeHintType } from '@zxing/library';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@web/components/ui/alert';
import { useT } from '@web/lib/i18n';

/** Why the camera can't scan (a key of the words for the person at the window); typing always works. */
function cameraProblem(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'bookings.camera.notAllowed';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'bookings.camera.notFound';
  if (name === 'NotReadableError') return 'bookings.camera.busy';
  return 'bookings.camera.failed';
}

/** Resolves once the video plays (it autoplays when the stream has a frame). */
function playing(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => video.addEventListener('playing', () => resolve(), { once: true }));
}

/**
 * The phone's camera reading a receipt's QR code (decision 157), with ZXing (`@zxing/browser`). This
 * module is loaded only when the truck taps Scan, and the camera is asked for only then; it stops as
 * soon as a code is read or the scanner closes.
 */
export function PickupScanner({ onText }: { onText: (text: string) => void }) {
  const t = useT('app');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reported = useRef(onText);
  useEffect(() => {
    reported.current = onText;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('bookings.camera.insecure');
      return;
    }
    let controls: IScannerControls | null = null;
    let stream: MediaStream | null = null;
    let done = false;
    // A receipt on a phone screen is small, tilted and glaring: look harder, about 4 times a second.
    const reader = new BrowserQRCodeReader(new Map([[DecodeHintType.TRY_HARDER, true]]), {
      delayBetweenScanAttempts: 250,
    });
    // The camera is started and playing before ZXing is handed the video. Left to ZXing, a first
    // play() interrupted while the stream starts made it wait for a `canplay` that had already come,
    // and it never began to scan (the preview showed the code, nothing read it).
    // The camera's light goes off as soon as a code is read or the scanner closes.
    const stopCamera = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      video.srcObject = null;
    };
    const start = async () => {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      if (done) return stopCamera();
      video.srcObject = stream;
      await video.play().catch(() => (video.paused ? playing(video) : undefined));
      if (done) return;
      const started = await reader.decodeFromVideoElement(video, (result) => {
        if (!result || done) return;
        done = true;
        controls?.stop();
        stopCamera();
        reported.current(result.getText());
      });
      controls = started;
      if (done) started.stop();
    };
    start().catch((error: unknown) => {
      if (!done) setProblem(cameraProblem(error));
    });
    return () => {
      done = true;
      controls?.stop();
      stopCamera();
    };
  }, []);

  return (
    <div className="mt-4 space-y-3">
      {problem ? (
        <Alert tone="warning" title={t('bookings.camera.title')}>
          {t(problem)}
        </Alert>
      ) : (
        <p className="text-sm text-muted">{t('bookings.camera.point')}</p>
      )}
      <video
        ref={videoRef}
        autoPlay
        muted
        playsInline
        aria-label={t('bookings.camera.preview')}
        className={problem ? 'hidden' : 'aspect-square w-full rounded-lg bg-stone-900 object-cover'}
      />
    </div>
  );
}
