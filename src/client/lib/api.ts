import { isErrorCode, type ErrorCode } from '@/shared/error-codes';

/**
 * The one fetch wrapper: credentials always sent; a non-OK answer throws an ApiError whose message
 * is "status: body" and which also carries the parsed body, its `error` text, its stable `code`
 * (shared/error-codes.ts) and the `field` it is about. Screens decide on the code and the field,
 * never on the wording.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly bodyText: string,
    /** The status line's text ("Bad Gateway"), empty when the server sent none. */
    readonly statusText = '',
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }

  /** The server's stable error code (`INSUFFICIENT_COINS`, `REVIEW_NEEDS_QUOTE`…), when it sent one. */
  get code(): ErrorCode | undefined {
    const code = this.body && typeof this.body === 'object' ? (this.body as { code?: unknown }).code : undefined;
    return isErrorCode(code) ? code : undefined;
  }

  /**
   * The input the refusal is about, as the server names it ("weeklyCoinCap", "serviceZips.1"),
   * when it is about one; see `placeServerError` (form-errors.ts) to show it there.
   */
  get field(): string | undefined {
    const field = this.body && typeof this.body === 'object' ? (this.body as { field?: unknown }).field : undefined;
    return typeof field === 'string' && field ? field : undefined;
  }

  /** The server's own message (`error`, else `message`), when it sent one. */
  get serverMessage(): string | undefined {
    if (this.body && typeof this.body === 'object') {
      const { error, message } = this.body as { error?: unknown; message?: unknown };
      if (typeof error === 'string' && error) return error;
      if (typeof message === 'string' && message) return message;
    }
    return undefined;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A list of ids as a query value: comma-separated, and `none` for an empty list — which the API
 * reads as "no company" — since a missing parameter would mean "no restriction" (a visitor with no
 * favourites under My Favorites would see every company).
 */
export function idsParam(ids: readonly number[] | undefined): string | undefined {
  if (ids === undefined) return undefined;
  return ids.length ? ids.join(',') : 'none';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * What `api()` reads of an answer: a fetch Response has it, and so has the server's in-process
 * answer — which may also hand over its body already parsed (`parsed`), when it has parsed the
 * same text before.
 */
export type ApiAnswer = Pick<Response, 'ok' | 'status' | 'statusText' | 'text'> & { parsed?: unknown };

/** How a call reaches the API: the browser's fetch, or the server's own in-process answer while it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<ApiAnswer>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * The server renders public pages with the same query functions the browser runs; it hands them
 * a transport that answers from the API in-process (same validation, same JSON) instead of the network.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * The language the page is shown in, asked of the API so that its refusals come in it too: a page
 * opened with `?lang=es` says so on its own address only, which the API calls do not carry. (A
 * saved choice in the cookie still decides first, as it does for pages.) None while the server renders.
 */
function pageLanguage(): string | undefined {
  return (typeof document !== 'undefined' && document.documentElement.lang) || undefined;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', params, body, signal } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const language = pageLanguage();
  const headers: Record<string, string> = {
    ...(body !== undefined && !isForm && { 'content-type': 'application/json' }),
    ...(language && { 'accept-language': language }),
  };
  const response = await transport(buildUrl(path, params), {
    method,
    credentials: 'include',
    signal,
    headers: Object.keys(headers).length ? headers : undefined,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = response.parsed;
  if (text && parsed === undefined) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, parsed, text, response.statusText);
  return parsed as T;
}

/** The text to show for a failed call: the server's message, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
