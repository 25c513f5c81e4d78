/**
 * A text input that offers the last entries typed into it (the last 5 per history key), hidden 200
 * ms after blur so that a click on a suggestion still lands.
 */
import { useRef, useState, type ComponentProps } from 'react';
import { Input } from '@/client/components/ui/input';
import { useT } from '@/client/lib/i18n';
import { readInputHistory } from '@/client/lib/input-history';
import { SUGGESTION_HIDE_DELAY_MS } from '@/shared/constants';

type Props = Omit<ComponentProps<typeof Input>, 'onChange'> & {
  historyKey: string;
  value: string;
  onValueChange(value: string): void;
};

export function InputWithHistory({ historyKey, value, onValueChange, onFocus, onBlur, onKeyDown, id, ...props }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = `${id}-history`;
  const suggestions = readInputHistory(historyKey).filter(
    (entry) => entry.toLowerCase().startsWith(value.trim().toLowerCase()) && entry !== value,
  );
  const isOpen = open && suggestions.length > 0;

  const pick = (entry: string) => {
    onValueChange(entry);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="relative">
      <Input
        {...props}
        id={id}
        value={value}
        autoComplete="off"
        role="combobox"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={isOpen && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={(event) => {
          clearTimeout(hideTimer.current);
          setOpen(true);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          hideTimer.current = setTimeout(() => setOpen(false), SUGGESTION_HIDE_DELAY_MS);
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          if (isOpen && event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((i) => Math.min(suggestions.length - 1, i + 1));
          } else if (isOpen && event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => Math.max(-1, i - 1));
          } else if (isOpen && event.key === 'Enter' && active >= 0) {
            event.preventDefault();
            pick(suggestions[active]);
          } else if (event.key === 'Escape' && isOpen) {
            event.stopPropagation();
            setOpen(false);
          }
          onKeyDown?.(event);
        }}
      />
      {isOpen && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('common.inputHistory.recentEntries')}
          className="absolute z-10 mt-1 w-full overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-md"
        >
          {suggestions.map((entry, index) => (
            // The combobox pattern: the keys (arrows, Enter, Escape) are the input's; an option takes clicks.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={entry}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-2 text-sm text-slate-800 ${index === active ? 'bg-slate-100' : 'hover:bg-slate-50'}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(entry)}
            >
              {entry}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
