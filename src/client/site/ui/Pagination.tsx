/**
 * Pages of a listing as links (they work before any script, and open in place like any link):
 * previous, the page numbers with the first, the last and those beside the current one (dots for
 * the rest, as Mantine's Pagination counts them), next. Previous on the first page and next on the
 * last are there but disabled, so the row does not shift.
 */
import type { ReactNode } from 'react';
import ui from './ui.module.css';

const DOTS = 'dots';

/** The page numbers shown around `current` of `total`: one beside it each way, one at each end. */
export function pageRange(current: number, total: number): (number | typeof DOTS)[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  // siblings 1 and boundaries 1: everything fits in seven places.
  if (total <= 7) return range(1, total);
  const left = Math.max(current - 1, 1);
  const right = Math.min(current + 1, total - 1);
  const leftDots = left > 3;
  const rightDots = right < total - 2;
  if (!leftDots) return [...range(1, 5), DOTS, total];
  if (!rightDots) return [1, DOTS, ...range(total - 4, total)];
  return [1, DOTS, ...range(left, right), DOTS, total];
}

const Chevron = ({ path }: { path: string }) => (
  <svg viewBox="0 0 16 16" aria-hidden="true">
    <path d={path} fill="currentColor" />
  </svg>
);
const PREVIOUS = 'M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z';
const NEXT = 'M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z';
const DOTS_PATH =
  'M2 8c0-.733.6-1.333 1.333-1.333.734 0 1.334.6 1.334 1.333s-.6 1.333-1.334 1.333C2.6 9.333 2 8.733 2 8zm9.333 0c0-.733.6-1.333 1.334-1.333C13.4 6.667 14 7.267 14 8s-.6 1.333-1.333 1.333c-.734 0-1.334-.6-1.334-1.333zM6.667 8c0-.733.6-1.333 1.333-1.333s1.333.6 1.333 1.333S8.733 9.333 8 9.333 6.667 8.733 6.667 8z';

interface PaginationProps {
  total: number;
  value: number;
  /** The address of page `page`. */
  hrefOf: (page: number) => string;
  /** The names of the previous and next links, and of a page's link. */
  labels: { previous: string; next: string; page: (page: number) => string };
}

export function Pagination({ total, value, hrefOf, labels }: PaginationProps) {
  const step = (target: number, label: string, icon: ReactNode) =>
    target >= 1 && target <= total ? (
      <a className={`${ui.pageControl} ${ui.focusRing}`} href={hrefOf(target)} aria-label={label}>
        {icon}
      </a>
    ) : (
      <button type="button" className={ui.pageControl} disabled aria-label={label}>
        {icon}
      </button>
    );
  return (
    <div className={ui.pagination}>
      {step(value - 1, labels.previous, <Chevron path={PREVIOUS} />)}
      {pageRange(value, total).map((page, index) =>
        page === DOTS ? (
          <div key={`dots-${index}`} className={ui.pageDots}>
            <Chevron path={DOTS_PATH} />
          </div>
        ) : (
          <a
            key={page}
            className={`${ui.pageControl} ${ui.focusRing}`}
            data-with-padding
            href={hrefOf(page)}
            aria-label={labels.page(page)}
            {...(page === value ? { 'aria-current': 'page' as const } : {})}
          >
            {page}
          </a>
        ),
      )}
      {step(value + 1, labels.next, <Chevron path={NEXT} />)}
    </div>
  );
}
