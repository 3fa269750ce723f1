/** Boxes that stand out from the page: cards, a bordered panel, alerts, the spinner. */
import { useId, type ReactNode } from 'react';
import ui from './ui.module.css';

/** A bordered card, its content padded and one below the other (an opening, a service). */
export function Card({ children }: { children: ReactNode }) {
  return <div className={ui.card}>{children}</div>;
}

/** A bordered panel on the page's background (the contact form's). */
export function Paper({ children }: { children: ReactNode }) {
  return <div className={ui.paper}>{children}</div>;
}

interface AlertProps {
  color: 'green' | 'blue' | 'red';
  variant?: 'light' | 'filled';
  title?: string;
  /** `alert` is said at once by screen readers; `status` when it is news, not a problem. */
  role?: 'alert' | 'status';
  /** Less room around it (under the footer's small form). */
  compact?: boolean;
  /** With a close button, named `closeLabel`, that calls this. */
  onClose?: () => void;
  closeLabel?: string;
  children: ReactNode;
}

/** A message in a tinted box: its title, then its text; named by the title, described by the text. */
export function Alert({ color, variant = 'light', title, role = 'alert', compact, onClose, closeLabel, children }: AlertProps) {
  const id = useId();
  return (
    <div
      className={ui.alert}
      data-color={color}
      data-variant={variant}
      data-compact={compact || undefined}
      role={role}
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-describedby={`${id}-body`}
    >
      <div className={ui.alertBody}>
        {title ? (
          <span id={`${id}-title`} className={ui.alertTitle} data-with-close-button={onClose ? true : undefined}>
            {title}
          </span>
        ) : null}
        <div id={`${id}-body`} className={ui.alertMessage}>
          {children}
        </div>
      </div>
      {onClose ? (
        <button type="button" className={`${ui.alertClose} ${ui.focusRing}`} aria-label={closeLabel} onClick={onClose}>
          <svg viewBox="0 0 15 15" fill="none" aria-hidden="true">
            <path
              d="M11.78 4.03a.57.57 0 0 0-.81-.81L7.5 6.69 4.03 3.22a.57.57 0 0 0-.81.81L6.69 7.5l-3.47 3.47a.57.57 0 0 0 .81.81L7.5 8.31l3.47 3.47a.57.57 0 0 0 .81-.81L8.31 7.5l3.47-3.47Z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        </button>
      ) : null}
    </div>
  );
}

/** A spinning ring while something loads, announced by its label. */
export function Loader({ color, 'aria-label': label }: { color?: 'white'; 'aria-label': string }) {
  return <span className={ui.loader} data-color={color} role="status" aria-label={label} />;
}
