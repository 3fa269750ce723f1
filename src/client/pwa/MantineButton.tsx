/** Mantine's button for islands that show one only sometimes (install, update), loaded then. */
import { Button, type ButtonProps } from '@mantine/core';
import type { MouseEventHandler } from 'react';
import { WithMantine } from '../islands/WithMantine';

export function MantineButton(props: ButtonProps & { onClick?: MouseEventHandler<HTMLButtonElement> }) {
  return (
    <WithMantine>
      <Button {...props} />
    </WithMantine>
  );
}
