/**
 * Title and sub-title every section template starts with, with an optional action (such as
 * 'View All') on the right; nothing at all when there is neither text nor action.
 */
import type { ReactNode } from 'react';
import classes from '../home.module.css';
import { type TextLocales, useTextLang } from '../../../ui/site-text';

interface SectionHeaderProps {
  title: string | null;
  subTitle: string | null;
  center?: boolean;
  action?: ReactNode;
  /** The record the texts are of, which says the language of each. */
  record?: TextLocales;
}

export function SectionHeader({ title, subTitle, center = false, action, record = {} }: SectionHeaderProps) {
  const lang = useTextLang();
  if (!title && !subTitle && !action) return null;
  return (
    <div className={center ? `${classes.header} ${classes.headerCentered}` : classes.header}>
      <div className={classes.headerText}>
        {title ? (
          <h2 className={classes.sectionHeading} {...lang(record, 'title')}>
            {title}
          </h2>
        ) : null}
        {subTitle ? (
          <p className={classes.sectionSub} {...lang(record, 'sub_title')}>
            {subTitle}
          </p>
        ) : null}
      </div>
      {action}
    </div>
  );
}
