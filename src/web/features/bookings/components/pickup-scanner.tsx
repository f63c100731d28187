import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { DecodeHintType } from '@zxing/library';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@web/components/ui/alert';

/** Why the camera can't scan, in words for the person at the window; typing always works. */
function cameraProblem(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera was not allowed. Allow it in your browser’s settings, or type the pickup code instead.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found on this device. Type the pickup code instead.';
  if (name === 'NotReadableError')
    return 'The camera is busy in another app. Close it, or type the pickup code.';
  return 'The camera could not start. Type the pickup code instead.';
}

/**
 * The phone's camera reading a receipt's QR code (decision 157), with ZXing (`@zxing/browser`). This
 * module is loaded only when the truck taps Scan, and the camera is asked for only then; it stops as
 * soon as a code is read or the scanner closes.
 */
export function PickupScanner({ onText }: { onText: (text: string) => void }) {
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
      setProblem('The camera needs a secure (https) address on this device. Type the pickup code instead.');
      return;
    }
    let controls: IScannerControls | null = null;
    let done = false;
    // A receipt on a phone screen is small, tilted and glaring: look harder, about 4 times a second.
    const reader = new BrowserQRCodeReader(new Map([[DecodeHintType.TRY_HARDER, true]]), {
      delayBetweenScanAttempts: 250,
    });
    reader
      .decodeFromConstraints({ video: { facingMode: 'environment' } }, video, (result) => {
        if (!result || done) return;
        done = true;
        controls?.stop();
        reported.current(result.getText());
      })
      .then((started) => {
        controls = started;
        if (done) started.stop();
      })
      .catch((error: unknown) => {
        if (!done) setProblem(cameraProblem(error));
      });
    return () => {
      done = true;
      controls?.stop();
    };
  }, []);

  return (
    <div className="mt-4 space-y-3">
      {problem ? (
        <Alert tone="warning" title="Can’t use the camera">
          {problem}
        </Alert>
      ) : (
        <p className="text-sm text-muted">Point the camera at the QR code on the diner’s receipt.</p>
      )}
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Camera preview"
        className={problem ? 'hidden' : 'aspect-square w-full rounded-lg bg-stone-900 object-cover'}
      />
    </div>
  );
}
