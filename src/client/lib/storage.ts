/** Browser storage that never throws (private mode, full quota, disabled storage). */

function read<T>(storage: () => Storage, key: string, fallback: T): T {
  try {
    const raw = storage().getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

function write(storage: () => Storage, key: string, value: unknown): void {
  try {
    if (value === undefined) storage().removeItem(key);
    else storage().setItem(key, JSON.stringify(value));
  } catch {
    // storage unavailable: the feature simply does not persist
  }
}

export const local = {
  get: <T>(key: string, fallback: T) => read(() => window.localStorage, key, fallback),
  set: (key: string, value: unknown) => write(() => window.localStorage, key, value),
};

export const session = {
  get: <T>(key: string, fallback: T) => read(() => window.sessionStorage, key, fallback),
  set: (key: string, value: unknown) => write(() => window.sessionStorage, key, value),
};

/** Every key the app keeps in local or session storage, named in one place. */
export const STORAGE_KEYS = {
  loginEmailHistory: 'login_email_history',
  postalCode: 'postalCode',
  favorites: 'favorites',
  carouselPosition: 'home_carousel_position',
  quoteIntent: 'quote_intent',
  redirectIntent: 'redirect_intent',
  /** Companies whose page view was already counted in this browser session (lead log). */
  viewedCompanies: 'viewed_companies',
} as const;
