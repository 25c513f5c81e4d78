import { clsx, type ClassValue } from 'clsx';

/**
 * Merge class names; later Tailwind utilities override conflicting earlier ones:
 * `cn('px-3 text-white', 'pl-9 text-slate-900')` is `px-3 pl-9 text-slate-900`.
 *
 * A small stand-in for tailwind-merge, which weighed 26 KB (8 KB gzip) on every page and spent
 * milliseconds building its tables on the first call. Same algorithm: read the classes from the
 * last to the first and drop one when a later class with the same variants already set its group
 * (or a group containing it, as `p-4` contains `pl-2`); the groups are those of the utilities this
 * app writes. cn.test.ts compares it with tailwind-merge on every pair of classes written in
 * src/client, so a new kind of utility that this table misses fails that test.
 *
 * Plain string and set lookups only: regular expressions are compiled on first use, which costs
 * more than everything else here on a page's first render.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/** A group id and the ids of the groups it contains. */
type Group = readonly [id: string, conflicts?: readonly string[]];

const set = (words: string) => new Set(words.split(' '));

const isDigits = (value: string) => {
  if (!value) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
};
/** `2`, `0.5`, `1/2`. */
const isNumberOrFraction = (value: string) => {
  const dot = value.indexOf('.');
  if (dot >= 0) return isDigits(value.slice(0, dot)) && isDigits(value.slice(dot + 1));
  const slash = value.indexOf('/');
  if (slash >= 0) return isDigits(value.slice(0, slash)) && isDigits(value.slice(slash + 1));
  return isDigits(value);
};
/** `[…]` or `(…)`, not empty. */
const isArbitrary = (value: string) =>
  value.length > 2 && ((value[0] === '[' && value.endsWith(']')) || (value[0] === '(' && value.endsWith(')')));
/** A width such as `2` or `[3px]`. */
const isWidth = (value: string) => isDigits(value) || (value[0] === '[' && isDigits(value[1] ?? ''));

const COLOR_NAMES = set(
  'slate gray zinc neutral stone red orange amber yellow lime green emerald teal cyan sky blue indigo violet purple fuchsia pink rose',
);
const COLOR_WORDS = set('inherit current currentcolor transparent black white');
const ARBITRARY_COLOR_STARTS = ['[#', '[rgb(', '[rgba(', '[hsl(', '[hsla(', '[oklch(', '[color:', '(color:'];

/** `slate-900`, `white/95`, `[#fff]`… */
function isColor(value: string): boolean {
  if (value[0] === '[' || value[0] === '(') return ARBITRARY_COLOR_STARTS.some((start) => value.startsWith(start));
  const slash = value.indexOf('/');
  const color = slash < 0 ? value : value.slice(0, slash);
  if (slash >= 0 && !isDigits(value.slice(slash + 1))) return false;
  if (COLOR_WORDS.has(color)) return true;
  const dash = color.lastIndexOf('-');
  const shade = color.slice(dash + 1);
  return dash > 0 && COLOR_NAMES.has(color.slice(0, dash)) && (shade.length === 2 || shade.length === 3) && isDigits(shade);
}

const TEXT_SIZES = set('xs sm base lg xl 2xl 3xl 4xl 5xl 6xl 7xl 8xl 9xl');
function isTextSize(value: string): boolean {
  if (TEXT_SIZES.has(value) || value.startsWith('(length:')) return true;
  if (value[0] !== '[' || !value.endsWith(']')) return false;
  let inner = value.slice(1, -1);
  if (inner.startsWith('length:')) inner = inner.slice(7);
  const unit = inner.endsWith('rem') ? 3 : inner.endsWith('px') || inner.endsWith('em') ? 2 : 0;
  return unit > 0 && inner.length > unit && [...inner.slice(0, -unit)].every((char) => char === '.' || isDigits(char));
}

const isInset = (value: string) =>
  value === 'px' || value === 'auto' || value === 'full' || isArbitrary(value) || isNumberOrFraction(value);

const SIDES: Record<string, readonly string[] | undefined> = { x: ['r', 'l', 's', 'e'], y: ['t', 'b'] };
const ALL_SIDES = ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'];
const SIDE_LETTERS = 'xyserbtl';

/** `p` → every side; `px` → right, left, start and end; `py` → top and bottom (padding, margin, scroll margins…). */
function boxGroup(prefix: string, side: string): Group {
  if (!side) return [prefix, ALL_SIDES.map((s) => prefix + s)];
  return [prefix + side, SIDES[side]?.map((s) => prefix + s)];
}

/** `x`/`y`/… then `-` or the end: the side letter of `border-t-2`, `border-x`, or '' when there is none. */
const sideOf = (value: string) =>
  SIDE_LETTERS.includes(value[0] ?? '-') && (value.length === 1 || value[1] === '-') ? value[0] : '';

const ROUNDED_CORNERS: Record<string, readonly string[]> = {
  t: ['tl', 'tr'],
  r: ['tr', 'br'],
  b: ['br', 'bl'],
  l: ['tl', 'bl'],
  s: ['ss', 'es'],
  e: ['se', 'ee'],
};
const CORNERS = set('tl tr br bl ss se ee es');
const ALL_CORNERS = ['s', 'e', 't', 'r', 'b', 'l', 'ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl'];

/** Utilities that also exist without a value (`border`, `rounded`, `shadow`…). */
const BARE = set('border rounded shadow ring outline transition grow shrink backdrop divide');
/** Utilities whose value does not change their group. */
const SINGLE = set(
  'z order basis opacity cursor leading tracking whitespace aspect duration delay ease animate rotate origin fill accent select resize appearance columns align w h grow shrink',
);

const KEYWORDS = new Map<string, Group>();
const keywords = (id: string, words: string, conflicts?: readonly string[]) => {
  for (const word of words.split(' ')) KEYWORDS.set(word, [id, conflicts]);
};
keywords('display', 'block inline-block inline flex inline-flex grid inline-grid table contents flow-root list-item hidden');
keywords('position', 'static fixed absolute relative sticky');
keywords('float', 'float-left float-right float-start float-end float-none');
keywords('sr', 'sr-only not-sr-only');
keywords('visibility', 'visible invisible collapse');
keywords('text-transform', 'uppercase lowercase capitalize normal-case');
keywords('text-decoration', 'underline overline line-through no-underline');
keywords('font-style', 'italic not-italic');
keywords('font-smoothing', 'antialiased subpixel-antialiased');
keywords('fvn-spacing', 'proportional-nums tabular-nums');
keywords('text-overflow', 'truncate text-ellipsis text-clip');
keywords('border-collapse', 'border-collapse border-separate');

const TEXT_ALIGN = set('left center right justify start end');
const TEXT_WRAP = set('wrap nowrap balance pretty');
const FONT_WEIGHTS = set('thin extralight light normal medium semibold bold extrabold black');
const FONT_FAMILIES = set('sans serif mono');
const BREAKS = set('normal words all keep');
const ALIGN_CONTENT = set('normal center start end between around evenly baseline stretch');
const FLEX_DIRECTIONS = set('row row-reverse col col-reverse');
const FLEX_WRAPS = set('wrap wrap-reverse nowrap');
const BG_SIZES = set('cover contain auto');
const BG_POSITIONS = set('center top bottom left right left-top left-bottom right-top right-bottom');
const BG_REPEATS = set('repeat no-repeat repeat-x repeat-y repeat-round repeat-space');
const BG_ATTACHMENTS = set('fixed local scroll');
const LINE_STYLES = set('solid dashed dotted double hidden none');
const DECORATION_STYLES = set('solid double dotted dashed wavy');
const SHADOWS = set('2xs xs sm md lg xl 2xl none inner');
const OBJECT_FITS = set('contain cover fill none scale-down');
const TRANSITIONS = set('all colors opacity shadow transform none');

/** The group of one utility (variants and `!` removed), or null for classes left alone. */
export function groupOf(utility: string): Group | null {
  const keyword = KEYWORDS.get(utility);
  if (keyword) return keyword;
  const base = utility[0] === '-' ? utility.slice(1) : utility; // negative values share the group
  const dash = base.indexOf('-');
  const head = dash < 0 ? base : base.slice(0, dash);
  const value = dash < 0 ? '' : base.slice(dash + 1);
  if (value === '' && !BARE.has(head)) return null;
  if (SINGLE.has(head)) return [head];

  switch (head) {
    case 'top':
    case 'right':
    case 'bottom':
    case 'left':
    case 'start':
    case 'end':
      return isInset(value) ? [head] : null;
    case 'inset':
      // inset-x is inset-inline: both physical and logical sides.
      if (value.startsWith('x-')) return isInset(value.slice(2)) ? ['inset-x', ['right', 'left', 'start', 'end']] : null;
      if (value.startsWith('y-')) return isInset(value.slice(2)) ? ['inset-y', ['top', 'bottom']] : null;
      return isInset(value) ? ['inset', ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left']] : null;
    case 'line':
      return value.startsWith('clamp-') ? ['line-clamp', ['display', 'overflow']] : null;
    case 'pointer':
      return value.startsWith('events-') ? ['pointer-events'] : null;
    case 'underline':
      return value.startsWith('offset-') ? ['underline-offset'] : null;
    case 'decoration':
      return DECORATION_STYLES.has(value) ? ['decoration-style'] : null;
    case 'overflow':
      if (value.startsWith('x-')) return ['overflow-x'];
      if (value.startsWith('y-')) return ['overflow-y'];
      return ['overflow', ['overflow-x', 'overflow-y']];
    case 'size':
      return ['size', ['w', 'h']];
    case 'min':
    case 'max':
      return value[1] === '-' && (value[0] === 'w' || value[0] === 'h') ? [`${head}-${value[0]}`] : null;
    case 'gap':
      if (value.startsWith('x-')) return ['gap-x'];
      if (value.startsWith('y-')) return ['gap-y'];
      return ['gap', ['gap-x', 'gap-y']];
    case 'space':
      return value[1] === '-' && (value[0] === 'x' || value[0] === 'y') ? [`space-${value[0]}`] : null;
    case 'flex':
      if (FLEX_DIRECTIONS.has(value)) return ['flex-direction'];
      if (FLEX_WRAPS.has(value)) return ['flex-wrap'];
      return ['flex', ['basis', 'grow', 'shrink']];
    case 'grid':
      if (value.startsWith('cols-')) return ['grid-cols'];
      if (value.startsWith('rows-')) return ['grid-rows'];
      if (value.startsWith('flow-')) return ['grid-flow'];
      return null;
    case 'col':
    case 'row':
      if (value.startsWith('start-')) return [`${head}-start`];
      if (value.startsWith('end-')) return [`${head}-end`];
      return [`${head}-start-end`];
    case 'justify':
      if (value.startsWith('items-')) return ['justify-items'];
      if (value.startsWith('self-')) return ['justify-self'];
      return ['justify-content'];
    case 'items':
      return ['align-items'];
    case 'self':
      return ['align-self'];
    case 'content':
      return ALIGN_CONTENT.has(value) ? ['align-content'] : null;
    case 'place':
      for (const kind of ['content', 'items', 'self']) if (value.startsWith(`${kind}-`)) return [`place-${kind}`];
      return null;
    case 'text':
      if (TEXT_ALIGN.has(value)) return ['text-align'];
      if (TEXT_WRAP.has(value)) return ['text-wrap'];
      if (isTextSize(value)) return ['font-size', ['leading']];
      return isColor(value) ? ['text-color'] : null;
    case 'font':
      if (FONT_WEIGHTS.has(value)) return ['font-weight'];
      return FONT_FAMILIES.has(value) ? ['font-family'] : null;
    case 'break':
      return BREAKS.has(value) ? ['break'] : null;
    case 'list':
      if (value === 'inside' || value === 'outside') return ['list-style-position'];
      return value === 'disc' || value === 'decimal' || value === 'none' || (value[0] === '[' && isArbitrary(value))
        ? ['list-style-type']
        : null;
    case 'bg':
      if (value === 'none' || ['linear-', 'gradient-', 'radial-', 'conic-'].some((start) => value.startsWith(start))) {
        return ['bg-image'];
      }
      if (BG_SIZES.has(value)) return ['bg-size'];
      if (BG_POSITIONS.has(value)) return ['bg-position'];
      if (BG_REPEATS.has(value)) return ['bg-repeat'];
      if (BG_ATTACHMENTS.has(value)) return ['bg-attachment'];
      return isColor(value) ? ['bg-color'] : null;
    case 'from':
    case 'via':
    case 'to':
      if (isColor(value)) return [`gradient-${head}`];
      return value.endsWith('%') && isDigits(value.slice(0, -1)) ? [`gradient-${head}-pos`] : null;
    case 'border': {
      if (LINE_STYLES.has(value)) return ['border-style'];
      const side = sideOf(value);
      const rest = side ? value.slice(2) : value;
      const kind = rest === '' || isWidth(rest) ? 'border-w' : isColor(rest) ? 'border-color' : null;
      if (!kind) return null;
      if (!side) return [kind, ALL_SIDES.map((s) => `${kind}-${s}`)];
      return [`${kind}-${side}`, SIDES[side]?.map((s) => `${kind}-${s}`)];
    }
    case 'divide':
      if ((value[0] === 'x' || value[0] === 'y') && (value.length === 1 || value[1] === '-') && !value.endsWith('reverse')) {
        return [`divide-${value[0]}`];
      }
      return isColor(value) ? ['divide-color'] : null;
    case 'rounded': {
      const pair = value.slice(0, 2);
      const corner =
        CORNERS.has(pair) && (value.length === 2 || value[2] === '-')
          ? pair
          : 'trblse'.includes(value[0] ?? '-') && (value.length === 1 || value[1] === '-')
            ? value[0]
            : '';
      if (!corner) return ['rounded', ALL_CORNERS.map((c) => `rounded-${c}`)];
      return [`rounded-${corner}`, ROUNDED_CORNERS[corner]?.map((c) => `rounded-${c}`)];
    }
    case 'shadow':
      if (value === '' || SHADOWS.has(value)) return ['shadow'];
      return isColor(value) ? ['shadow-color'] : null;
    case 'ring':
      if (value === 'inset') return ['ring-w-inset'];
      if (value === '' || isWidth(value)) return ['ring-w'];
      if (value.startsWith('offset-')) {
        const offset = value.slice(7);
        return isWidth(offset) ? ['ring-offset-w'] : isColor(offset) ? ['ring-offset-color'] : null;
      }
      return isColor(value) ? ['ring-color'] : null;
    case 'outline':
      if (value === '' || isWidth(value)) return ['outline-w'];
      if (LINE_STYLES.has(value)) return ['outline-style'];
      if (value.startsWith('offset-')) return ['outline-offset'];
      return isColor(value) ? ['outline-color'] : null;
    case 'object':
      return OBJECT_FITS.has(value) ? ['object-fit'] : ['object-position'];
    case 'transition':
      return value === '' || TRANSITIONS.has(value) ? ['transition'] : null;
    case 'translate':
      if (value.startsWith('x-')) return ['translate-x'];
      if (value.startsWith('y-')) return ['translate-y'];
      return null;
    case 'scale':
      if (value.startsWith('x-')) return ['scale-x'];
      if (value.startsWith('y-')) return ['scale-y'];
      return ['scale', ['scale-x', 'scale-y']];
    case 'backdrop':
      return value === 'blur' || value.startsWith('blur-') ? ['backdrop-blur'] : null;
    case 'touch':
      if (value === 'pan-x' || value === 'pan-left' || value === 'pan-right') return ['touch-x'];
      if (value === 'pan-y' || value === 'pan-up' || value === 'pan-down') return ['touch-y'];
      if (value === 'pinch-zoom') return ['touch-pz'];
      return ['touch', ['touch-x', 'touch-y', 'touch-pz']];
    case 'scroll': {
      if (value === 'auto' || value === 'smooth') return ['scroll-behavior'];
      const kind = value[0];
      if (kind !== 'm' && kind !== 'p') return null;
      if (value[1] === '-') return boxGroup(`scroll-${kind}`, '');
      return SIDE_LETTERS.includes(value[1] ?? '-') && value[2] === '-' ? boxGroup(`scroll-${kind}`, value[1]) : null;
    }
  }
  // p-4, px-2, mt-3, -ml-3 …
  if ((head[0] === 'p' || head[0] === 'm') && (head.length === 1 || (head.length === 2 && SIDE_LETTERS.includes(head[1])))) {
    return boxGroup(head[0], head.slice(1));
  }
  return null;
}

/** Splits `md:hover:!px-3` into its variants (`hover:md`, sorted) and its utility. */
export function parse(className: string): { variants: string; important: boolean; utility: string } {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      variants.push(className.slice(start, i));
      start = i + 1;
    }
  }
  let utility = className.slice(start);
  let important = false;
  if (utility[0] === '!') {
    important = true;
    utility = utility.slice(1);
  } else if (utility.endsWith('!')) {
    important = true;
    utility = utility.slice(0, -1);
  }
  // Order does not matter between plain variants; arbitrary ones ([&_svg]) keep their place.
  const sorted = variants.some((v) => v[0] === '[') ? variants : variants.sort();
  return { variants: sorted.join(':'), important, utility };
}

/** What one class claims: its group and the groups it contains, each scoped to its variants. */
type Claim = { readonly key: string; readonly conflicts: readonly string[] } | null;
const claims = new Map<string, Claim>();

function claimOf(className: string): Claim {
  let claim = claims.get(className);
  if (claim === undefined) {
    const { variants, important, utility } = parse(className);
    const group = groupOf(utility);
    const scope = `${variants}${important ? '!' : ''}:`;
    claim = group ? { key: scope + group[0], conflicts: (group[1] ?? []).map((id) => scope + id) } : null;
    claims.set(className, claim);
  }
  return claim;
}

const results = new Map<string, string>();
const isSpace = (code: number) => code === 32 || code === 10 || code === 9 || code === 13 || code === 12;

export function mergeClasses(classList: string): string {
  const cached = results.get(classList);
  if (cached !== undefined) return cached;
  const taken = new Set<string>();
  const kept: string[] = [];
  // From the last class to the first.
  let end = classList.length;
  for (let i = classList.length - 1; i >= -1; i--) {
    if (i >= 0 && !isSpace(classList.charCodeAt(i))) continue;
    if (i + 1 < end) {
      const className = classList.slice(i + 1, end);
      const claim = claimOf(className);
      if (!claim) kept.push(className);
      else if (!taken.has(claim.key)) {
        taken.add(claim.key);
        for (const conflict of claim.conflicts) taken.add(conflict);
        kept.push(className);
      }
    }
    end = i;
  }
  const result = kept.reverse().join(' ');
  if (results.size > 500) results.clear();
  results.set(classList, result);
  return result;
}
