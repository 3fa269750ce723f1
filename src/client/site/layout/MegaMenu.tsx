/**
 * Desktop mega-menu (≥ 992 px). Each entry with columns is a disclosure button: Enter, Space or a
 * click opens its panel, Escape closes it and returns focus to the button, and moving focus out
 * closes it, so the whole menu works from the keyboard. The pointer opens a panel on hover too; a
 * click on a panel the pointer opened keeps it open (rather than closing what was just shown), and
 * a panel opened by a click stays when the pointer leaves.
 */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { ChevronDownIcon } from '../../ui/icons';
import classes from './layout.module.css';
import type { MenuEntry } from './menu-tree';
import { MenuLinks } from './MenuLinks';

/** An island (Island.tsx): the menu and the page it is shown on, as props. */
export interface MenuProps {
  entries: MenuEntry[];
  pathname: string;
}

export function MegaMenu({ entries, pathname }: MenuProps) {
  const [openLabel, setOpenLabel] = useState<string | null>(null);

  // Any navigation closes the open panel.
  useEffect(() => setOpenLabel(null), [pathname]);

  return (
    <ul className={classes.menuBar}>
      {entries.map((entry) =>
        entry.kind === 'link' ? (
          <li key={entry.label}>
            <a
              href={entry.href}
              className={classes.menuTop}
              {...(entry.href === pathname ? { 'aria-current': 'page' as const } : {})}
            >
              {entry.label}
            </a>
          </li>
        ) : (
          <MegaEntry
            key={entry.label}
            entry={entry}
            pathname={pathname}
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
  pathname: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function MegaEntry({ entry, pathname, open, onOpenChange }: MegaEntryProps) {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** Opened (or kept open) by a click, rather than by the pointer passing over. */
  const pinned = useRef(false);
  const setOpen = (next: boolean, byClick = false) => {
    pinned.current = next && byClick;
    onOpenChange(next);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <li
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      onMouseEnter={() => !open && setOpen(true)}
      onMouseLeave={() => !pinned.current && setOpen(false)}
    >
      <button
        ref={buttonRef}
        type="button"
        className={classes.menuTop}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!(open && pinned.current), true)}
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
                  pathname={pathname}
                  labelledBy={column.heading ? headingId : undefined}
                  onNavigate={() => setOpen(false)}
                />
              </div>
            );
          })}
        </div>
      </div>
    </li>
  );
}
