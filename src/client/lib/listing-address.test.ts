import { describe, expect, it } from 'vitest';
import { listingChange, toggleFavoritesOnly } from './listing-address';

const after = (query: string, edit: (next: URLSearchParams) => void) => {
  const next = new URLSearchParams(query);
  edit(next);
  return next.toString();
};

describe('listingChange', () => {
  it('starts the list over unless the page is among the changes', () => {
    expect(after('q=roof&page=3', listingChange({ sort: 'mostReviewed' }))).toBe('q=roof&sort=mostReviewed');
    expect(after('q=roof&page=3', listingChange({ page: '4' }))).toBe('q=roof&page=4');
  });
});

describe('toggleFavoritesOnly', () => {
  it('turns favourites on, and off whether they were asked for by the filter or by the order', () => {
    expect(after('q=roof&sort=mostReviewed&page=2', toggleFavoritesOnly)).toBe('q=roof&sort=mostReviewed&favorites=true');
    expect(after('q=roof&sort=mostReviewed&favorites=true', toggleFavoritesOnly)).toBe('q=roof&sort=mostReviewed');
    expect(after('q=roof&sort=favorites', toggleFavoritesOnly)).toBe('q=roof');
    expect(after('q=roof&sort=favorites&favorites=true', toggleFavoritesOnly)).toBe('q=roof');
  });
});
