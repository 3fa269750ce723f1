/**
 * Title and sub-title every section template starts with, with an optional action (such as
 * 'View All') on the right; nothing at all when there is neither text nor action.
 */
import type { ReactNode } from 'react';
import classes from '../home.module.css';

interface SectionHeaderProps {
  title: string | null;
  subTitle: string | null;
  center?: boolean;
  action?: ReactNode;
}

export function SectionHeader({ title, subTitle, center = false, action }: SectionHeaderProps) {
  if (!title && !subTitle && !action) return null;
  return (
    <div className={center ? `${classes.header} ${classes.headerCentered}` : classes.header}>
      <div className={classes.headerText}>
        {title ? <h2 className={classes.sectionHeading}>{title}</h2> : null}
        {subTitle ? <p className={classes.sectionSub}>{subTitle}</p> : null}
      </div>
      {action}
    </div>
  );
}
