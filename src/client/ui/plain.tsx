/**
 * Two of Mantine's pieces as the plain elements they draw, for the public pages the server renders
 * (issue #35). A Mantine component resolves the theme and its style props on every render: on the
 * home page, made again after each edit while its author waits, Mantine's components were about
 * half of React's time. These write the same markup (Mantine's own classes, the variables it
 * would set), so a page looks the same to the pixel; tests/unit/site/plain.test.tsx renders each
 * beside the component it stands for, so a Mantine upgrade that changes them fails there.
 */
import { Container, VisuallyHidden } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

type ContainerSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

const CONTAINER_CLASS = `${Container.classes.root} mantine-Container-root`;

/** Mantine's `<Container size={size}>`, its content centred at the theme's width for `size`. */
export function PlainContainer({
  size = 'md',
  style,
  children,
}: {
  size?: ContainerSize;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <div
      style={{ '--container-size': `var(--container-size-${size})`, ...style } as CSSProperties}
      className={CONTAINER_CLASS}
      data-size={size}
      data-strategy="block"
    >
      {children}
    </div>
  );
}

const HIDDEN_CLASS = `${VisuallyHidden.classes.root} mantine-VisuallyHidden-root`;

/** Mantine's `<VisuallyHidden>`: read by screen readers and search engines, not shown. */
export function PlainVisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={HIDDEN_CLASS}>{children}</span>;
}
