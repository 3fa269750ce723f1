import { type ReactNode, useId } from 'react';

export interface Segment<V extends string> {
  value: V;
  label: ReactNode;
  /** Shown on hover (a segment drawn as an icon, or why it cannot be chosen yet). */
  title?: string;
  /** This one cannot be chosen (yet); the others can. */
  disabled?: boolean;
}

/**
 * A few choices side by side, one of them chosen: the browser's own radio group, drawn as a
 * segmented control by admin.css. The current one is announced, the arrow keys move between them,
 * and it needs no code of its own (Mantine's SegmentedControl, which measures and animates its
 * indicator, was code on every back-office screen, the sign-in too).
 */
export function Segments<V extends string>({
  label,
  value,
  onChange,
  data,
  name,
  disabled,
  size = 'xs',
}: {
  /** The group's name for screen readers. */
  label: string;
  value: V;
  onChange: (value: V) => void;
  data: Segment<V>[];
  /** The radios' name (one is made up when not given). */
  name?: string;
  disabled?: boolean;
  size?: 'xs' | 'sm';
}) {
  const ownName = useId();
  return (
    <div role="radiogroup" aria-label={label} className="admin-segments" data-size={size} data-disabled={disabled || undefined}>
      {data.map((segment) => (
        <label key={segment.value} title={segment.title}>
          <input
            type="radio"
            name={name ?? ownName}
            value={segment.value}
            checked={value === segment.value}
            disabled={disabled || segment.disabled}
            onChange={() => onChange(segment.value)}
          />
          {segment.label}
        </label>
      ))}
    </div>
  );
}
