// Issue 26 item 3: the date range of the Overview and the Security screens (7, 30 or 90 days, kept in the URL as
// `range`; the default is left out of it), and the window it stands for, ending now.
import { useId } from 'react';
import { OVERVIEW_RANGES, type OverviewRange } from '../search-params';
import { STRINGS } from '../strings';

export const DEFAULT_RANGE: OverviewRange = '30';
const DAY_MS = 86_400_000;

/** The `from`/`to` of the last `range` days, ending at `now`, as the admin API takes them. */
export function rangeWindow(range: OverviewRange, now: Date): { from: string; to: string } {
  return { from: new Date(now.getTime() - Number(range) * DAY_MS).toISOString(), to: now.toISOString() };
}

export function RangeSelect({
  label,
  range,
  onChange,
}: {
  label: string;
  range: OverviewRange;
  /** The URL's `range`: undefined for the default. */
  onChange(range: OverviewRange | undefined): void;
}) {
  const id = useId();
  return (
    <div className="field field-inline">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={range}
        onChange={(event) => {
          const value = event.target.value as OverviewRange;
          onChange(value === DEFAULT_RANGE ? undefined : value);
        }}
      >
        {OVERVIEW_RANGES.map((value) => (
          <option key={value} value={value}>
            {STRINGS.overview.ranges[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
