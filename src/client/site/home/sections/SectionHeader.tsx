/** Title and sub-title every section template starts with; nothing when both are empty. */
import { Stack } from '@mantine/core';
import classes from '../home.module.css';

export function SectionHeader({ title, subTitle, center = false }: { title: string | null; subTitle: string | null; center?: boolean }) {
  if (!title && !subTitle) return null;
  return (
    <Stack gap={6} mb="xl" ta={center ? 'center' : undefined}>
      {title ? <h2 className={classes.sectionHeading}>{title}</h2> : null}
      {subTitle ? <p className={classes.sectionSub}>{subTitle}</p> : null}
    </Stack>
  );
}
