import { describe, expect, it } from 'vitest';
import { buildSuggestions } from './suggestions';

const categories = [
  { name: 'Plumbing Services', subcategories: [{ name: 'Plumber' }, { name: 'Drain Cleaning' }, { name: 'Water Heater' }] },
  {
    name: 'Cleaning Services',
    subcategories: [{ name: 'House Cleaning' }, { name: 'drain cleaning' }, { name: 'Window Cleaning' }],
  },
  { name: 'Electrical Services', subcategories: [{ name: 'Electrician' }, { name: 'Lighting' }] },
];

describe('buildSuggestions', () => {
  it('returns nothing for an empty or blank query', () => {
    expect(buildSuggestions('', categories)).toEqual([]);
    expect(buildSuggestions('   ', categories)).toEqual([]);
  });

  it('matches a substring in the middle of a name', () => {
    expect(buildSuggestions('ectri', categories)).toEqual(['Electrical Services', 'Electrician']);
    expect(buildSuggestions('heat', categories)).toEqual(['Water Heater']);
  });

  it('is case-insensitive', () => {
    expect(buildSuggestions('PLUMB', categories)).toEqual(['Plumbing Services', 'Plumber']);
    expect(buildSuggestions('lIgHt', categories)).toEqual(['Lighting']);
  });

  it('de-duplicates names case-insensitively, keeping the first spelling', () => {
    const result = buildSuggestions('drain', categories);
    expect(result).toEqual(['Drain Cleaning']);
  });

  it('returns at most 8 suggestions by default', () => {
    const many = [{ name: 'Services', subcategories: Array.from({ length: 20 }, (_, i) => ({ name: `Service ${i}` })) }];
    const result = buildSuggestions('service', many);
    expect(result).toHaveLength(8);
    expect(result[0]).toBe('Services');
    expect(buildSuggestions('service', many, 3)).toHaveLength(3);
  });

  it('returns nothing when no name matches', () => {
    expect(buildSuggestions('zzz', categories)).toEqual([]);
  });
});
