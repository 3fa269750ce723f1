/**
 * Desktop mega-menu (≥ 768 px). Each entry with columns is a disclosure button: Enter, Space or a
 * click opens its panel, Escape closes it and returns focus to the button, and moving focus or the
 * pointer out closes it, so the whole menu works from the keyboard.
 */
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { ChevronDownIcon } from '../../ui/icons';
import classes from './layout.module.css';
import type { MenuEntry } from './menu-tree';
import { MenuLinks } from './MenuLinks';

export function MegaMenu({ entries }: { entries: MenuEntry[] }) {
  const [openLabel, setOpenLabel] = useState<string | null>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // Any navigation closes the open panel.
  useEffect(() => setOpenLabel(null), [pathname]);

  return (
    <ul className={classes.menuBar}>
      {entries.map((entry) =>
        entry.kind === 'link' ? (
          <li key={entry.label}>
            <Link
              to={entry.href}
              className={classes.menuTop}
              activeOptions={{ exact: true }}
              activeProps={{ 'aria-current': 'page' }}
            >
              {entry.label}
            </Link>
          </li>
        ) : (
          <MegaEntry
            key={entry.label}
            entry={entry}
            open={openLabel === entry.label}
            onOpenChange={(open) => setOpenLabel(open ? entry.label : null)}
          />
        ),
      )}
    </ul>
  );
}

interface MegaEntryProps {
  entry: Extract<MenuEntry, { kind: 'mega' }>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function MegaEntry({ entry, open, onOpenChange }: MegaEntryProps) {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      onOpenChange(false);
      buttonRef.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onOpenChange(false);
  };

  return (
    <li onKeyDown={onKeyDown} onBlur={onBlur} onMouseEnter={() => onOpenChange(true)} onMouseLeave={() => onOpenChange(false)}>
      <button
        ref={buttonRef}
        type="button"
        className={classes.menuTop}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => onOpenChange(!open)}
      >
        {entry.label}
        <ChevronDownIcon size={14} />
      </button>
      <div id={`${id}-panel`} className={classes.panel} hidden={!open}>
        <div className={classes.panelColumns}>
          {entry.columns.map((column, index) => {
            const headingId = `${id}-col-${index}`;
            return (
              <div key={column.location}>
                {column.heading ? (
                  <p id={headingId} className={classes.columnHeading}>
                    {column.heading}
                  </p>
                ) : null}
                <MenuLinks
                  links={column.links}
                  labelledBy={column.heading ? headingId : undefined}
                  onNavigate={() => onOpenChange(false)}
                />
              </div>
            );
          })}
        </div>
      </div>
    </li>
  );
}
