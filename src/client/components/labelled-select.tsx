import { useId } from 'react';

interface Props<T extends string> {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange(value: T): void;
}

/** A native select with a visible label: keyboard and screen readers work as people expect. */
export function LabelledSelect<T extends string>({ label, value, options, onChange }: Props<T>) {
  const id = useId();
  return (
    // A native select is as wide as its longest option: min-w-0 lets it shrink to the screen.
    <div className="flex min-w-0 max-w-full items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="h-9 min-w-0 max-w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
