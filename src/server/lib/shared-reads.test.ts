import { describe, expect, it, vi } from 'vitest';
import { sharedRead, withSharedReads } from './shared-reads';

describe('reads shared within a page', () => {
  it('answers reads under one key with one read inside a page, and reads every time outside one', async () => {
    const read = vi.fn(() => Promise.resolve({ id: 1 }));
    const [a, b] = await withSharedReads(() => Promise.all([sharedRead('company:1', read), sharedRead('company:1', read)]));
    expect(a).toBe(b);
    expect(read).toHaveBeenCalledTimes(1);

    await sharedRead('company:1', read);
    await sharedRead('company:1', read);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('keeps pages apart and keys apart', async () => {
    const read = vi.fn((id: number) => Promise.resolve({ id }));
    const page = () =>
      withSharedReads(() => Promise.all([sharedRead('company:1', () => read(1)), sharedRead('company:2', () => read(2))]));
    const [first, second] = await Promise.all([page(), page()]);
    expect(first.map((row) => row.id)).toEqual([1, 2]);
    expect(second.map((row) => row.id)).toEqual([1, 2]);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('hands a failed read to every part of the page that asked', async () => {
    const read = vi.fn(() => Promise.reject(new Error('Company not found')));
    const answers = await withSharedReads(() =>
      Promise.allSettled([sharedRead('company:9', read), sharedRead('company:9', read)]),
    );
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
