import { describe, expect, it } from 'vitest';
import { pageHref } from './pagination';

describe('a listing page link', () => {
  it('links the first page without a page number and the others with theirs', () => {
    const search = new URLSearchParams('q=drain cleaning&page=2');
    expect(pageHref('/search', search, 1)).toBe('/search?q=drain+cleaning');
    expect(pageHref('/search', search, 3)).toBe('/search?q=drain+cleaning&page=3');
  });
});
