import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, mergeClasses } from './cn';

/** Every whitespace-separated word inside a string literal of the client's sources and index.html. */
function classesWrittenInClient(): string[] {
  const root = path.resolve('src/client');
  const files = [path.resolve('index.html')];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') && file !== path.join(root, 'components/ui/cn.ts'))
        files.push(file);
    }
  };
  walk(root);
  const balanced = (word: string) => {
    let depth = 0;
    for (const char of word) {
      if (char === '[' || char === '(') depth++;
      else if ((char === ']' || char === ')') && --depth < 0) return false;
    }
    return depth === 0;
  };
  const words = new Set<string>();
  for (const file of files) {
    for (const literal of readFileSync(file, 'utf8').matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const word of literal[2].split(/\s+/)) {
        if (/^!?[a-z0-9[\-@*&]\S*$/i.test(word) && !/[{}$;'",`]/.test(word) && word.length < 80 && balanced(word))
          words.add(word);
      }
    }
  }
  return [...words];
}

describe('cn', () => {
  it('lets later utilities win, per variant', () => {
    expect(cn('px-3 text-white', 'pl-9 text-slate-900')).toBe('px-3 pl-9 text-slate-900');
    expect(cn('h-10 px-4 py-2', 'h-auto px-0 py-0')).toBe('h-auto px-0 py-0');
    expect(cn('bg-blue-700 hover:bg-blue-800', 'bg-white hover:bg-blue-50')).toBe('bg-white hover:bg-blue-50');
    expect(cn('text-sm leading-tight', 'text-lg')).toBe('text-lg');
    expect(cn('size-4', 'w-6')).toBe('size-4 w-6');
    expect(cn('w-6', 'size-4')).toBe('size-4');
    const isHidden = Math.random() > 2; // always false, as a condition would be
    expect(cn('rounded-lg border border-slate-200', isHidden && 'hidden', null, ['border-red-300'])).toBe(
      'rounded-lg border border-red-300',
    );
    expect(cn('[&_svg]:size-4 sm:p-4', 'p-2 sm:p-6')).toBe('[&_svg]:size-4 p-2 sm:p-6');
  });

  // tailwind-merge 3 takes the legacy `bg-gradient-to-*` for a background colour; cn keeps it an image.
  const words = classesWrittenInClient().filter((word) => !word.includes('gradient-to'));

  it('recognises exactly the classes tailwind-merge recognises', () => {
    const differences = words.filter((word) => mergeClasses(`${word} ${word}`) !== twMerge(`${word} ${word}`));
    expect(differences).toEqual([]);
  });

  it('agrees with tailwind-merge on every pair of classes written in src/client', () => {
    const classes = words.filter((word) => twMerge(`${word} ${word}`) === word);
    expect(classes.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const list = `${first} ${second}`;
        if (mergeClasses(list) !== twMerge(list)) differences.push(list);
      }
    }
    expect(differences).toEqual([]);
  });
});
