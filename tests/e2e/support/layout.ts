/**
 * What a person notices in the first minute on a screen, checked in the page as it is laid out now:
 *
 * - the page scrolls sideways (something is wider than the window);
 * - a table is wider than its box and the box neither scrolls nor says that it does (a region
 *   that scrolls carries a visible `[data-scroll-hint]`, see components/scroll-region.tsx);
 * - a heading's or a button's text is cut: clipped, ended with an ellipsis or clamped, by itself,
 *   a part of it, or a box around it, and a tab cut by the strip it scrolls in (an excerpt of longer text, such as the last message shown
 *   under a conversation's name, is marked `data-excerpt` and may be cut);
 * - where the page says you are (`aria-current`) is out of sight in a strip that scrolls;
 * - doubled punctuation, as a name that ends in a full stop gets when a sentence adds its own
 *   ("Hire Pete's Pipes Co.?", "with Pete's Pipes Co..").
 *
 * Each problem is one line naming the element, so a failure says what to look at.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const viewportWidth = root.clientWidth;

    const name = (element: Element): string => {
      const label = element.getAttribute('aria-label');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const id = element.id ? `#${element.id}` : '';
      return `<${element.tagName.toLowerCase()}${id}>${label ? ` [${label}]` : ''}${text ? ` "${text}"` : ''}`;
    };
    /** Read by screen readers only (Tailwind's sr-only: a 1 px clipped box), or inside such a box. */
    const isScreenReaderOnly = (element: Element): boolean => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position === 'absolute' && (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)')) {
          return true;
        }
      }
      return false;
    };
    const isShown = (element: Element): boolean => {
      if (element.closest('[aria-hidden="true"], [hidden], [inert]')) return false;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && !isScreenReaderOnly(element);
    };
    const overflowsX = (style: CSSStyleDeclaration) => style.overflowX !== 'visible';
    const scrollsX = (style: CSSStyleDeclaration) => style.overflowX === 'auto' || style.overflowX === 'scroll';
    /** The nearest box around `element` that clips or scrolls it sideways (null: the window). */
    const clippingBox = (element: Element): Element | null => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        if (overflowsX(getComputedStyle(node))) return node;
      }
      return null;
    };
    /** Slides a carousel keeps out of sight on purpose are not cut. */
    const isInCarousel = (element: Element) => element.closest('[aria-roledescription="carousel"]') !== null;

    // 1. The page itself scrolls sideways: name the outermost elements past the window's edge.
    if (root.scrollWidth > viewportWidth + 1) {
      const wide = [...document.body.querySelectorAll('*')].filter((element) => {
        if (!isShown(element) || isInCarousel(element)) return false;
        const box = element.getBoundingClientRect();
        if (box.right <= viewportWidth + 1) return false;
        const clip = clippingBox(element);
        return clip === null;
      });
      const outermost = wide.filter((element) => !wide.some((other) => other !== element && other.contains(element)));
      problems.push(
        `the page scrolls sideways (${root.scrollWidth} px in a ${viewportWidth} px window): ${outermost.slice(0, 3).map(name).join(', ')}`,
      );
    }

    // 2. Tables wider than their box.
    for (const table of document.querySelectorAll('table')) {
      if (!isShown(table)) continue;
      const box = clippingBox(table);
      const boxWidth = box ? box.clientWidth : viewportWidth;
      const tableWidth = table.getBoundingClientRect().width;
      if (tableWidth <= boxWidth + 1) continue;
      if (!box || !scrollsX(getComputedStyle(box))) {
        problems.push(
          `a table is cut off: ${Math.round(tableWidth)} px in a ${boxWidth} px box that does not scroll: ${name(table)}`,
        );
        continue;
      }
      const region = box.closest('[data-scroll-region]');
      const hint = region?.querySelector('[data-scroll-hint]');
      if (!hint || !isShown(hint)) {
        problems.push(
          `a table scrolls sideways with no sign that it does (${Math.round(tableWidth)} px in ${boxWidth} px): ${name(table)}`,
        );
      }
    }

    // 3. Headings and buttons whose text is cut.
    const labelled = document.querySelectorAll(
      'h1, h2, h3, h4, h5, h6, button, [role="button"], [role="tab"], [role="menuitem"]',
    );
    for (const element of labelled) {
      if (!isShown(element) || isInCarousel(element)) continue;
      for (const part of [element, ...element.querySelectorAll('*')]) {
        if (!isShown(part) || !(part instanceof HTMLElement) || !part.textContent?.trim()) continue;
        if (part.closest('[data-excerpt]')) continue;
        const style = getComputedStyle(part);
        const clipsText = overflowsX(style) || style.textOverflow === 'ellipsis';
        if (clipsText && part.scrollWidth > part.clientWidth + 1) {
          problems.push(`text is cut (${part.scrollWidth} px in ${part.clientWidth} px): ${name(element)}`);
          break;
        }
        if (style.webkitLineClamp !== 'none' && part.scrollHeight > part.clientHeight + 1) {
          problems.push(`text is clamped: ${name(element)}`);
          break;
        }
      }
      const clip = clippingBox(element);
      // A tab cut at the edge of a strip that scrolls hides a section; other items of such a
      // strip may run past its edge, which is how a strip shows that it scrolls.
      if (clip && (!scrollsX(getComputedStyle(clip)) || element.getAttribute('role') === 'tab')) {
        const inner = element.getBoundingClientRect();
        const outer = clip.getBoundingClientRect();
        if (inner.left < outer.left - 1 || inner.right > outer.right + 1) {
          problems.push(
            `a box cuts off ${name(element)} (${Math.round(inner.width)} px, ${Math.round(outer.right - inner.left)} px shown)`,
          );
        }
      }
    }

    // 4. Where you are, out of sight in a strip that scrolls sideways.
    for (const current of document.querySelectorAll('[aria-current="page"], [aria-current="true"]')) {
      if (!isShown(current)) continue;
      const strip = clippingBox(current);
      if (!strip || !scrollsX(getComputedStyle(strip))) continue;
      const inner = current.getBoundingClientRect();
      const outer = strip.getBoundingClientRect();
      if (inner.left < outer.left - 1 || inner.right > outer.right + 1) {
        problems.push(`the current item is out of sight in a strip that scrolls: ${name(current)}`);
      }
    }

    // 5. A sentence's stop after a name's own (".." but not "..."), or a question mark after one.
    const text = document.body.innerText;
    for (const match of text.matchAll(/[^.\s]\.(\.|\?)(?!\.)/g)) {
      const at = match.index ?? 0;
      problems.push(`doubled punctuation: "…${text.slice(Math.max(0, at - 30), at + 3).replace(/\s+/g, ' ')}"`);
    }
    return problems;
  });
}

/** Fails with every layout problem of the page as it is now, under `label`. */
export async function expectLayoutFits(page: Page, label: string): Promise<void> {
  expect(await layoutProblems(page), `layout of ${label}`).toEqual([]);
}

/** Two frames, so that a resize has been laid out and ResizeObserver callbacks have run. */
export async function afterLayout(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
