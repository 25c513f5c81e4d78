/**
 * A bar chart of one series, drawn as SVG with visx: text stays text (it zooms, follows forced
 * colours and prints), and the chart is one image with a name for assistive technology. The numbers
 * themselves belong in a table beside it; this only shows their shape. Loaded on demand: import it
 * with `lazy()` so no screen pays for visx until it draws a chart.
 */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useEffect, useRef, useState } from 'react';

export interface BarChartPoint {
  key: string;
  value: number;
  /** The x-axis label when this point carries a tick ("Nov 3"). */
  tick: string;
  /** Shown on hover ("Nov 3: 2 requests"). */
  title: string;
}

interface Props {
  points: readonly BarChartPoint[];
  /** What the chart shows, said by screen readers in place of the drawing. */
  label: string;
  height?: number;
}

// Room on the right for the last day's label, which is centred under its bar at the edge.
const MARGIN = { top: 8, right: 20, bottom: 28, left: 40 };
const AXIS_COLOUR = '#64748b';
const TEXT_COLOUR = '#475569';
const BAR_COLOUR = '#2563eb';
/** Room one date label needs on the x axis. */
const TICK_SPACING = 72;

/** The width of an element, followed as it resizes (0 until measured). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export default function BarChart({ points, label, height = 220 }: Props) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;

  const x = scaleBand<string>({ domain: points.map((point) => point.key), range: [0, innerWidth], padding: 0.2 });
  const max = Math.max(1, ...points.map((point) => point.value));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  // Whole numbers only: a count of 0.5 requests means nothing.
  const yTicks = y.ticks(Math.min(4, max)).filter(Number.isInteger);
  // As many date labels as fit, evenly spaced, the last day always among them.
  const every = Math.max(1, Math.ceil(points.length / Math.max(2, Math.floor(innerWidth / TICK_SPACING))));
  const xTicks = points.filter((_, index) => (points.length - 1 - index) % every === 0).map((point) => point.key);
  const tickOf = new Map(points.map((point) => [point.key, point.tick]));

  return (
    // Clipped and allowed to shrink: the drawing is as wide as it was last measured, and would
    // otherwise hold its column at that width when the window narrows (a phone turned back).
    <div ref={ref} style={{ height }} className="w-full min-w-0 overflow-hidden">
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={label}>
          <Group left={MARGIN.left} top={MARGIN.top}>
            {yTicks.map((tick) => (
              <line key={tick} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
            ))}
            {points.map((point) => {
              const barHeight = innerHeight - y(point.value);
              return (
                <Bar
                  key={point.key}
                  x={x(point.key)}
                  y={innerHeight - barHeight}
                  width={x.bandwidth()}
                  height={barHeight}
                  fill={BAR_COLOUR}
                  rx={Math.min(2, x.bandwidth() / 4)}
                >
                  <title>{point.title}</title>
                </Bar>
              );
            })}
            <AxisLeft
              scale={y}
              tickValues={yTicks}
              tickFormat={(value) => String(value)}
              stroke={AXIS_COLOUR}
              tickStroke={AXIS_COLOUR}
              tickLabelProps={{ fill: TEXT_COLOUR, fontSize: 11, textAnchor: 'end', dx: -4, dy: 3 }}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={xTicks}
              tickFormat={(key) => tickOf.get(key) ?? key}
              stroke={AXIS_COLOUR}
              tickStroke={AXIS_COLOUR}
              tickLabelProps={{ fill: TEXT_COLOUR, fontSize: 11, textAnchor: 'middle' }}
            />
          </Group>
        </svg>
      )}
    </div>
  );
}
