/**
 * A listing's page in its URL. `?page=` absent is the first page. A value that names no page (0,
 * -2, 1.5, 1e1, "two") is answered with a redirect to the same listing without it
 * (`pageRedirectOf`), so that no two addresses show the same results and a crawler follows one.
 */

/** The page `?page=` names: digits only, 1 or more; null for anything else. */
function namedPage(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : null;
}

export function readPageNumber(params: URLSearchParams): number {
  return namedPage(params.get('page')) ?? 1;
}

/** The address to send a visitor to when `?page=` names no page; null when it names one (or is absent). */
export function pageRedirectOf(url: URL): string | null {
  const raw = url.searchParams.get('page');
  if (raw === null || namedPage(raw) !== null) return null;
  const next = new URLSearchParams(url.searchParams);
  next.delete('page');
  const query = next.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}
