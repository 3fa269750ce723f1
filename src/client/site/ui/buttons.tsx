/** Buttons, and links that look like them, in Mantine's button look and variants. */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { cx, type Margins, styleOf } from './style';
import ui from './ui.module.css';

export interface ButtonLook extends Margins {
  variant?: 'filled' | 'light' | 'outline' | 'default' | 'white';
  size?: 'xs' | 'sm' | 'md';
  /** Another colour than the theme's blue: red (a retry under an error), yellow (the slider's call). */
  color?: 'red' | 'yellow';
  /** An icon before the label. */
  leftSection?: ReactNode;
}

function look({ variant = 'filled', size = 'sm', color, leftSection, mt, mb }: ButtonLook) {
  return {
    className: cx(ui.button, ui.focusRing),
    'data-variant': variant,
    'data-size': size,
    'data-color': color,
    'data-with-left-section': leftSection ? true : undefined,
    style: styleOf({}, { mt, mb }),
  };
}

function Label({ leftSection, children }: { leftSection?: ReactNode; children: ReactNode }) {
  return (
    <span className={ui.buttonInner}>
      {leftSection ? <span className={ui.buttonSection}>{leftSection}</span> : null}
      <span className={ui.buttonLabel}>{children}</span>
    </span>
  );
}

/** A button; while `loading` it shows a spinner and takes no press. */
export function Button({
  variant,
  size,
  color,
  leftSection,
  mt,
  mb,
  loading = false,
  type = 'button',
  disabled,
  children,
  ...props
}: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean }) {
  return (
    <button
      {...props}
      {...look({ variant, size, color, leftSection, mt, mb })}
      type={type}
      disabled={disabled || loading}
      data-loading={loading || undefined}
    >
      {loading ? (
        <span className={ui.buttonLoader} aria-hidden="true">
          <span className={ui.loader} />
        </span>
      ) : null}
      <Label leftSection={leftSection}>{children}</Label>
    </button>
  );
}

/** A link that looks like a button. */
export function ButtonLink({
  variant,
  size,
  color,
  leftSection,
  mt,
  mb,
  children,
  ...props
}: ButtonLook & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color'> & { children: ReactNode }) {
  return (
    <a {...props} {...look({ variant, size, color, leftSection, mt, mb })}>
      <Label leftSection={leftSection}>{children}</Label>
    </a>
  );
}

/** Buttons joined into one control (the gallery's Image / YouTube switch), named by its label. */
export function ButtonGroup({ 'aria-label': label, children }: { 'aria-label': string; children: ReactNode }) {
  return (
    <div className={ui.buttonGroup} role="group" aria-label={label}>
      {children}
    </div>
  );
}
