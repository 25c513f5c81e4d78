/* lucide's star and star-half outlines (star-rating.tsx draws them). */
const STAR_PATH =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';
const HALF_STAR_PATH =
  'M12 18.338a2.1 2.1 0 0 0-.987.244L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.12 2.12 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.12 2.12 0 0 0 1.597-1.16l2.309-4.679A.53.53 0 0 1 12 2';
export const STAR_ID = 'lp-star';
export const HALF_STAR_ID = 'lp-star-half';

/**
 * The star's two shapes, once per page (the layout draws them): every star refers to them, where
 * a page of results carried the same path 90 times, a third of its HTML. The shapes take their
 * fill and colours from the element that uses them.
 */
export function StarShapes() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
      <defs>
        <path id={STAR_ID} d={STAR_PATH} />
        <path id={HALF_STAR_ID} d={HALF_STAR_PATH} />
      </defs>
    </svg>
  );
}
