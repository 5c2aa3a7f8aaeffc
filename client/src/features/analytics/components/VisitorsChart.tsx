import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AnalyticsSummary } from '../api/analytics';

/*
 * The chart of visitors and pageviews by day (by hour for one day), drawn with uPlot on a canvas. This module is loaded
 * only by the Visitors screen, through React.lazy (VisitorsTrend.tsx), so uPlot is a chunk of its
 * own that no other screen downloads. The chart is hidden from screen readers: the table beside
 * it says the same.
 */

const HEIGHT = 240;
const DAY_SECONDS = 86_400;
/** The y axis counts people and pages: whole steps only (uPlot's own would give 0.5 a visitor). */
const COUNT_STEPS = [1, 2, 5]
  .flatMap((step) => [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000].map((scale) => step * scale))
  .sort((a, b) => a - b);

/** uPlot's x values: seconds since 1970 at a day's UTC midnight, or at an hour's start (`…T14:00:00Z`, one day's series). */
const seconds = (point: string) => Date.parse(point.includes('T') ? point : `${point}T00:00:00Z`) / 1000;

/**
 * The chart's colours, from the stylesheet's tokens: a canvas cannot read `var()` or
 * `light-dark()`, so each is resolved through an element's computed `color`.
 */
function inks(box: HTMLElement): Record<'visitors' | 'pageviews' | 'axis' | 'grid', string> {
  const read = (name: string) => getComputedStyle(box.querySelector(`.visitors-chart__ink--${name}`)!).color;
  return { visitors: read('visitors'), pageviews: read('pageviews'), axis: read('axis'), grid: read('grid') };
}

/** Bumps when the theme changes (the panel's choice, or the system's at dusk), to redraw in its colours. */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((value) => value + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const dark = window.matchMedia('(prefers-color-scheme: dark)');
    dark.addEventListener('change', bump);
    return () => {
      observer.disconnect();
      dark.removeEventListener('change', bump);
    };
  }, []);
  return version;
}

export function VisitorsChart({ series }: { series: AnalyticsSummary['series'] }) {
  const box = useRef<HTMLDivElement>(null);
  const plotArea = useRef<HTMLDivElement>(null);
  const theme = useThemeVersion();

  useEffect(() => {
    const area = plotArea.current;
    if (!box.current || !area) return;
    const ink = inks(box.current);
    const axis = { stroke: ink.axis, grid: { stroke: ink.grid, width: 1 }, ticks: { stroke: ink.grid, width: 1 } };
    const data: uPlot.AlignedData = [
      series.map((point) => seconds(point.date)),
      series.map((point) => point.visitors),
      series.map((point) => point.pageviews),
    ];
    const plot = new uPlot(
      {
        width: area.clientWidth,
        height: HEIGHT,
        // Days and hours are UTC ones: labelled as such, whatever the browser's time zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true, range: (_, min, max) => (min === max ? [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] : [min, max]) } },
        series: [
          {},
          { label: 'Visitors', stroke: ink.visitors, width: 2, points: { show: series.length < 60 } },
          // Dashed as well as another colour: the two lines differ for everyone.
          { label: 'Pageviews', stroke: ink.pageviews, width: 2, dash: [6, 4], points: { show: series.length < 60 } },
        ],
        axes: [axis, { ...axis, incrs: COUNT_STEPS, values: (_, ticks) => ticks.map((tick) => tick.toLocaleString('en-US')) }],
      },
      data,
      area,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: area.clientWidth, height: HEIGHT }));
    resize.observe(area);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, theme]);

  return (
    <div ref={box} className="visitors-chart" aria-hidden="true">
      <span className="visitors-chart__ink--visitors" hidden />
      <span className="visitors-chart__ink--pageviews" hidden />
      <span className="visitors-chart__ink--axis" hidden />
      <span className="visitors-chart__ink--grid" hidden />
      <div ref={plotArea} />
    </div>
  );
}
