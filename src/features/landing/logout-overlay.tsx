import { useEffect, useRef } from 'react';

function countdownText(seconds: number): string {
  if (seconds <= 0) return 'Signing you out...';
  return `Signing you out in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}...`;
}

/** Mounted while a sign-out is under way; the countdown is usePendingLogout's, which leaves the page at 0. */
export function LogoutOverlay({ secondsLeft }: { secondsLeft: number }) {
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The page behind is inert, so focus must move into the dialog or it would be lost.
    dialog.current?.focus();
  }, []);

  return (
    <div className="lp-overlay">
      <div
        ref={dialog}
        className="lp-overlay-card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="lp-logout-title"
        aria-describedby="lp-logout-countdown"
        tabIndex={-1}
      >
        <span className="lp-spinner" aria-hidden="true" />
        <h2 id="lp-logout-title" className="lp-overlay-title">
          Logging Out...
        </h2>
        <p id="lp-logout-countdown" className="lp-overlay-text" aria-live="polite">
          {countdownText(secondsLeft)}
        </p>
      </div>
    </div>
  );
}
