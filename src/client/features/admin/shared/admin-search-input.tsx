import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/client/components/ui/input';
import { useT } from '@/client/lib/i18n';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '@/shared/schemas/admin';

interface Props {
  /** Visible label (also the input's accessible name). */
  label: string;
  placeholder?: string;
  /** The committed search; the box follows it when it changes from outside. */
  value: string;
  /** Called once typing pauses for `delayMs` (300 ms) — reset the page to 1 there. */
  onSearch(value: string): void;
  delayMs?: number;
  className?: string;
}

/** A labelled search box that reports its text after a pause in typing; Escape or × clears it at once. */
export function AdminSearchInput({ label, placeholder, value, onSearch, delayMs = ADMIN_SEARCH_DEBOUNCE_MS, className }: Props) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const committed = useRef(value);

  // Follow the parent when it resets the search (e.g. a "clear filters" button).
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      onSearchRef.current(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  const clear = () => {
    setText('');
    if (committed.current !== '') {
      committed.current = '';
      onSearchRef.current('');
    }
  };

  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text) {
              event.preventDefault();
              clear();
            }
          }}
          className="pe-9 ps-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {text ? (
          <button
            type="button"
            onClick={clear}
            aria-label={t('admin.search.clear')}
            className="absolute top-1/2 end-2 -translate-y-1/2 rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
    </div>
  );
}
