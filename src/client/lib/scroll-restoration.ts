import { useEffect, useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * A navigation's `state` that keeps the page where it is scrolled (a filter changed in place):
 * `navigate(to, { state: KEEP_SCROLL })`.
 */
export const KEEP_SCROLL = { keepScroll: true } as const;

const STORAGE_KEY = 'lp-scroll-positions';

/** How far each history entry was scrolled, by the entry's key; kept for a reload or a return. */
const positions = new Map<string, number>(readSaved());

function readSaved(): [string, number][] {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(saved) ? (saved as [string, number][]) : [];
  } catch {
    return [];
  }
}

function save() {
  try {
    // The last hundred entries are plenty for a tab's back button.
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-100)));
  } catch {
    // Storage refused (private mode, full): positions are kept for this page's life only.
  }
}

/** The history entry on screen, set as it is committed (before anything scrolls it). */
let shownKey: string | null = null;

const keepsScroll = (state: unknown) => typeof state === 'object' && state !== null && 'keepScroll' in state;

/**
 * The browser's own scroll restoration does not know when a screen rendered by script is ready,
 * so the router does it: back and forward return to where the entry was left, a link opens at the
 * top (or at its #anchor), and a navigation marked KEEP_SCROLL stays put. A screen is shown where
 * it belongs at once, not scrolled there smoothly as an anchor on the page is.
 */
export function ScrollRestoration(): null {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Noted as the page scrolls, under the entry on screen: by the time the next entry is shown
    // the last position of this one is already kept (a scroll event arrives a frame late, when
    // the next entry's key is the one on screen).
    const note = () => {
      if (shownKey !== null) positions.set(shownKey, window.scrollY);
    };
    window.addEventListener('scroll', note, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', note);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    shownKey = location.key;
    const saved = positions.get(location.key);
    if (navigationType === NavigationType.Pop && saved !== undefined) {
      window.scrollTo({ top: saved, behavior: 'instant' });
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView({ behavior: 'instant' });
        return;
      }
    }
    if (navigationType !== NavigationType.Pop && !keepsScroll(location.state)) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [location.key, location.hash, location.state, navigationType]);

  return null;
}
