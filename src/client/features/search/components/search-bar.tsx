/**
 * The shared project search: a free-text box with a suggestions panel (WAI-ARIA combobox with a
 * listbox popup), a ZIP box remembered in local storage, and a Search button. Submitting a blank
 * query does nothing.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Search from 'lucide-react/icons/search';
import { useNavigate } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/components/ui/cn';
import { Input } from '@/client/components/ui/input';
import { useT } from '@/client/lib/i18n';
import { local, STORAGE_KEYS } from '@/client/lib/storage';
import { useCategoriesWithSubcategories } from '@/client/entities/categories/get-categories-with-subcategories';
import { SUGGESTION_HIDE_DELAY_MS, SUGGESTIONS_LIMIT, ZIP_MAX_LENGTH } from '@/shared/constants';
import { usePostalCodeGuess } from '../hooks/use-postal-code-guess';
import { buildSuggestions } from '../lib/suggestions';
import { normalizePostalCode } from '../lib/postal-code';
import { operatingCountry, postalCodeTermOf } from '@/shared/operating-country';
import { postalCodeRulesOf } from '@/shared/postal-codes';

/** The longest place the search answers for (its `location` parameter). */
const LOCATION_MAX_LENGTH = 100;

export interface SearchBarProps {
  initialQuery?: string;
  initialLocation?: string;
  size?: 'lg' | 'md';
  /** Called instead of navigating to /search. */
  onSearch?(query: string, location: string): void;
  className?: string;
  /**
   * The search page's "Open now" filter: shown when given. A real checkbox of the form (its GET
   * carries `openNow=true` without JavaScript); with JavaScript a change applies at once.
   */
  openNow?: { checked: boolean; onChange(checked: boolean): void };
}

/** The suggestion with the typed part in bold. */
function Highlighted({ text, query }: { text: string; query: string }) {
  const needle = query.trim().toLowerCase();
  const at = needle ? text.toLowerCase().indexOf(needle) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong className="font-semibold text-slate-900">{text.slice(at, at + needle.length)}</strong>
      {text.slice(at + needle.length)}
    </>
  );
}

export function SearchBar({ initialQuery = '', initialLocation, size = 'md', onSearch, className, openNow }: SearchBarProps) {
  const t = useT();
  const usZip = postalCodeTermOf(operatingCountry()) === 'zip';
  const navigate = useNavigate();
  const { data: categories } = useCategoriesWithSubcategories();
  const [query, setQuery] = useState(initialQuery);
  const [location, setLocation] = useState(initialLocation ?? '');
  // The ZIP code this browser remembers (or one guessed from its address) fills an empty box once
  // the page runs: the server renders the page without it.
  usePostalCodeGuess(initialLocation, (guess) => setLocation((current) => current || guess));
  const [open, setOpen] = useState(false);
  // A new initial query (the search page's URL changed) replaces what was typed.
  const [seenInitialQuery, setSeenInitialQuery] = useState(initialQuery);
  if (seenInitialQuery !== initialQuery) {
    setSeenInitialQuery(initialQuery);
    setQuery(initialQuery);
  }
  const [activeIndex, setActiveIndex] = useState(-1);
  const fieldRef = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const ids = useId();
  const queryId = `${ids}-q`;
  const zipId = `${ids}-zip`;
  const listId = `${ids}-suggestions`;
  const optionId = (index: number) => `${ids}-option-${index}`;

  const suggestions = useMemo(() => buildSuggestions(query, categories ?? [], SUGGESTIONS_LIMIT), [query, categories]);
  const expanded = open && suggestions.length > 0;

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };

  // Outside click closes the panel.
  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (fieldRef.current && !fieldRef.current.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [expanded]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const pick = (value: string) => {
    setQuery(value);
    close();
  };

  const onQueryKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!query.trim()) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActiveIndex(event.key === 'ArrowDown' ? 0 : suggestions.length - 1);
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((current) => (current + step + suggestions.length) % suggestions.length);
        return;
      }
      case 'Enter':
        if (expanded && activeIndex >= 0 && suggestions[activeIndex] !== undefined) {
          event.preventDefault();
          pick(suggestions[activeIndex]);
        }
        return;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        }
        return;
      default:
    }
  };

  const onLocationChange = (value: string) => {
    setLocation(value);
    const postalCode = normalizePostalCode(value);
    if (postalCode) local.set(STORAGE_KEYS.postalCode, postalCode);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    close();
    const where = location.trim();
    if (onSearch) {
      onSearch(q, where);
      return;
    }
    const params = new URLSearchParams({ q });
    if (where) params.set('location', where);
    if (openNow?.checked) params.set('openNow', 'true');
    void navigate(`/search?${params.toString()}`);
  };

  const large = size === 'lg';
  const fieldHeight = large ? 'h-12 text-base sm:text-base' : 'h-10';

  return (
    <form
      role="search"
      aria-label={t('search.bar.label')}
      // Without JavaScript (or before it runs) the form still searches, as a GET of the results page.
      action="/search"
      method="get"
      onSubmit={onSubmit}
      className={cn('flex w-full flex-col gap-3 md:flex-row md:items-end', className)}
    >
      <div ref={fieldRef} className="relative flex-1">
        <label htmlFor={queryId} className={cn('mb-1.5 block text-sm font-medium text-slate-800', !large && 'sr-only')}>
          {t('search.bar.queryLabel')}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-slate-500" aria-hidden="true" />
          <Input
            id={queryId}
            name="q"
            role="combobox"
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t('search.bar.queryPlaceholder')}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setOpen(event.target.value.trim() !== '');
              setActiveIndex(-1);
            }}
            onFocus={() => clearTimeout(hideTimer.current)}
            onClick={() => setOpen(query.trim() !== '')}
            onBlur={() => {
              // Leaving the box (Tab) hides the panel after a short delay, so a click on a suggestion still lands.
              clearTimeout(hideTimer.current);
              hideTimer.current = setTimeout(close, SUGGESTION_HIDE_DELAY_MS);
            }}
            onKeyDown={onQueryKeyDown}
            className={cn('ps-9', fieldHeight)}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t('search.bar.suggestions')}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          >
            {expanded &&
              suggestions.map((suggestion, index) => (
                // The combobox pattern: the keys (arrows, Enter, Escape) are the input's; an option takes clicks.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={suggestion}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  // Keep focus in the box so the blur timer does not race the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(suggestion)}
                  onMouseMove={() => setActiveIndex(index)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-700',
                    index === activeIndex && 'bg-blue-50 text-slate-900',
                  )}
                >
                  <Search className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
                  <span>
                    <Highlighted text={suggestion} query={query} />
                  </span>
                </li>
              ))}
          </ul>
        </div>
        <p className="sr-only" aria-live="polite">
          {expanded ? t('search.bar.suggestionsAvailable', { count: suggestions.length }) : ''}
        </p>
      </div>
      <div className="md:w-36">
        <label htmlFor={zipId} className={cn('mb-1.5 block text-sm font-medium text-slate-800', !large && 'sr-only')}>
          {usZip ? t('search.bar.zipLabel') : t('search.bar.postalLabel')}
        </label>
        {/* A US ZIP code is typed in five digits; elsewhere a postcode or a town's name. */}
        <Input
          id={zipId}
          name="location"
          inputMode={usZip ? 'numeric' : 'text'}
          autoComplete="postal-code"
          maxLength={usZip ? ZIP_MAX_LENGTH : LOCATION_MAX_LENGTH}
          placeholder={usZip ? t('search.bar.zipPlaceholder') : postalCodeRulesOf(operatingCountry()).example}
          value={location}
          onChange={(event) => onLocationChange(event.target.value)}
          className={fieldHeight}
        />
      </div>
      {openNow && <OpenNowBox id={`${ids}-open-now`} {...openNow} />}
      <Button type="submit" size={large ? 'lg' : 'default'} className="w-full md:w-auto">
        <Search aria-hidden="true" />
        {t('search.bar.submit')}
      </Button>
    </form>
  );
}

/**
 * The Open now checkbox. It follows the address, but the address changes in a transition that
 * commits later; a box bound to the address alone springs back unticked for that moment (and a
 * quick second click is lost), so it shows the user's own click at once and takes the address's
 * value again whenever the address changes (back button, the "without Open now" link).
 */
function OpenNowBox({ id, checked, onChange }: { id: string; checked: boolean; onChange(checked: boolean): void }) {
  const t = useT();
  const [shown, setShown] = useState(checked);
  const [fromAddress, setFromAddress] = useState(checked);
  if (checked !== fromAddress) {
    setFromAddress(checked);
    setShown(checked);
  }
  return (
    <div className="flex h-10 items-center gap-2 md:shrink-0">
      <input
        id={id}
        type="checkbox"
        name="openNow"
        value="true"
        checked={shown}
        onChange={(event) => {
          setShown(event.target.checked);
          onChange(event.target.checked);
        }}
        className="size-4 rounded border-slate-400 accent-blue-700"
      />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('search.bar.openNow')}
      </label>
    </div>
  );
}
