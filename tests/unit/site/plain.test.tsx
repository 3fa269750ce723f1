/**
 * The plain stand-ins of ui/plain.tsx write what the Mantine components they stand for write, so a
 * page drawn with them looks the same (and a Mantine upgrade that changes its markup fails here).
 */
import { Container, MantineProvider, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../src/client/theme';
import { PlainContainer, PlainVisuallyHidden } from '../../../src/client/ui/plain';

const drawn = (node: ReactNode) => renderToStaticMarkup(<MantineProvider theme={theme}>{node}</MantineProvider>);

describe('plain stand-ins for Mantine', () => {
  it.each(['sm', 'md', 'xl'] as const)('PlainContainer size %s is Container', (size) => {
    expect(drawn(<PlainContainer size={size}>text</PlainContainer>)).toBe(drawn(<Container size={size}>text</Container>));
  });

  it('PlainContainer with a style is Container with the same style prop', () => {
    expect(
      drawn(
        <PlainContainer size="xl" style={{ height: '100%' }}>
          text
        </PlainContainer>,
      ),
    ).toBe(
      drawn(
        <Container size="xl" h="100%">
          text
        </Container>,
      ),
    );
  });

  it('PlainVisuallyHidden is VisuallyHidden', () => {
    expect(drawn(<PlainVisuallyHidden>: About</PlainVisuallyHidden>)).toBe(drawn(<VisuallyHidden>: About</VisuallyHidden>));
    expect(drawn(<PlainVisuallyHidden>x</PlainVisuallyHidden>)).toContain('mantine-VisuallyHidden-root');
  });
});
