import { describe, expect, it } from 'vitest';
import { pageRedirectOf, readPageNumber } from './page-number';

const url = (search: string) => new URL(`http://x/categories/plumbing${search}`);

describe('a listing page in the URL', () => {
  it('reads a page number, and the first page for anything else', () => {
    expect(readPageNumber(new URLSearchParams('page=3'))).toBe(3);
    for (const search of ['', 'page=', 'page=0', 'page=-1', 'page=1.5', 'page=1e1', 'page=two']) {
      expect(readPageNumber(new URLSearchParams(search)), search).toBe(1);
    }
  });

  it('sends a page that is no page to the same listing without it, keeping the rest', () => {
    expect(pageRedirectOf(url('?sort=mostReviewed&page=0'))).toBe('/categories/plumbing?sort=mostReviewed');
    expect(pageRedirectOf(url('?page=-4'))).toBe('/categories/plumbing');
    expect(pageRedirectOf(url('?page=1e1&subcategory=pipes'))).toBe('/categories/plumbing?subcategory=pipes');
    expect(pageRedirectOf(url('?page='))).toBe('/categories/plumbing');
    for (const search of ['', '?page=1', '?page=12&sort=topRated']) expect(pageRedirectOf(url(search)), search).toBeNull();
  });
});
