import { describe, expect, it } from 'vitest';
import { pageValue, setQueryValues } from './use-address-query';

describe('setQueryValues', () => {
  it('sets values, removes null and empty ones, and leaves undefined keys alone', () => {
    const params = new URLSearchParams('q=roof&sort=mostReviewed&page=3&openNow=true');
    setQueryValues(params, { sort: 'topRated', openNow: null, page: '', q: undefined, favorites: 'true' });
    expect(params.toString()).toBe('q=roof&sort=topRated&favorites=true');
  });
});

describe('pageValue', () => {
  it('writes no page for the first one, and leaves the page alone when none is given', () => {
    expect(pageValue(1)).toBeNull();
    expect(pageValue(4)).toBe('4');
    expect(pageValue(undefined)).toBeUndefined();
  });
});
