import { useEffect, useRef, useState } from 'react';
import { LOGOUT_COUNTDOWN_SECONDS } from '../../app/auth/logout-flow';

function countdownText(seconds: number): string {
  if (seconds <= 0) return 'Signing you out...';
  return `Signing you out in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}...`;
}

/** Mounted only while a sign-out is under way, so the countdown restarts from the default each time. */
export function LogoutOverlay({ seconds = LOGOUT_COUNTDOWN_SECONDS }: { seconds?: number }) {
  const [secondsLeft, setSecondsLeft] = useState(seconds);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The page behind is inert, so focus must move into the dialog or it would be lost.
    dialog.current?.focus();
    const timer = window.setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearInterval(timer);
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
        <p id="lp-logout-countdown" className="lp-overlay-text">
          {countdownText(secondsLeft)}
        </p>
      </div>
    </div>
  );
}
