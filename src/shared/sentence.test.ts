import { describe, expect, it } from 'vitest';
import { endSentence } from './sentence';

describe('endSentence', () => {
  it('adds a full stop', () => {
    expect(endSentence('Agree the details with Dana’s Drains')).toBe('Agree the details with Dana’s Drains.');
  });
  it('keeps the one a name ends with, and never doubles it', () => {
    expect(endSentence("Agree the details with Pete's Pipes & Plumbing Co.")).toBe(
      "Agree the details with Pete's Pipes & Plumbing Co.",
    );
    expect(endSentence('You hired Yes! Plumbing!')).toBe('You hired Yes! Plumbing!');
    expect(endSentence('You hired "Fix-It Co."')).toBe('You hired "Fix-It Co."');
    expect(endSentence('Wait…')).toBe('Wait…');
  });
  it('ignores trailing spaces', () => {
    expect(endSentence('Done  ')).toBe('Done.');
  });
});
