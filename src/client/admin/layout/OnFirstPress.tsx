import { cloneElement, type ComponentType, type ReactElement, Suspense, useState } from 'react';

/** What a dropdown loaded on first press gets: the button to anchor to, already opened. */
export type DropdownProps<P> = P & { target: ReactElement; defaultOpened: true };

/**
 * A header button whose dropdown (Mantine's Menu or Popover) loads the first time it is pressed.
 * Those bring floating-ui, focus trapping and transitions, code that every back-office screen
 * would download for menus most visits never open. Until the first press the
 * button is drawn alone; then the dropdown's module arrives and draws the same button, opened.
 */
export function OnFirstPress<P extends object>({
  children,
  dropdown: Dropdown,
  props,
}: {
  /** The button (it gets `onClick`). */
  children: ReactElement<{ onClick?: () => void }>;
  /** The dropdown, from its own module (`lazyComponent`, declared at module level). */
  dropdown: ComponentType<DropdownProps<P>>;
  props: P;
}) {
  const [pressed, setPressed] = useState(false);
  if (!pressed) return cloneElement(children, { onClick: () => setPressed(true) });
  return (
    <Suspense fallback={children}>
      <Dropdown {...props} target={children} defaultOpened />
    </Suspense>
  );
}
