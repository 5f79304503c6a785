// The dashboard's sales chart: a Chartist bar chart (SVG) drawn in the browser, with the same
// figures in a table for screen readers and before the script runs.
import { useEffect, useRef } from 'react';
import { formatDecimal } from '../../../common/money';

export type SalesPoint = { day: string; orders: number; sales: number; localized: string };

export function SalesChart({ points }: { points: SalesPoint[] }) {
  const chartRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let chart: { detach(): void } | null = null;
    let cancelled = false;
    // Loaded on demand: the chart library stays out of every other page's JavaScript.
    void Promise.all([import('chartist'), import('chartist/dist/index.css')]).then(([{ BarChart }]) => {
      if (cancelled || !chartRef.current) return;
      chart = new BarChart(
        chartRef.current,
        { labels: points.map((p) => p.day.slice(5)), series: [points.map((p) => p.sales)] },
        { axisY: { onlyInteger: true, labelInterpolationFnc: (value) => `₱${formatDecimal(Number(value))}` }, height: '240px' },
      );
    });
    return () => {
      cancelled = true;
      chart?.detach();
    };
  }, [points]);

  return (
    <figure className="space-y-2">
      <figcaption className="font-semibold">Sales, last {points.length} days</figcaption>
      <div ref={chartRef} aria-hidden="true" className="ct-chart min-h-[240px]" />
      <table className="sr-only">
        <caption>Sales per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
            <th scope="col">Sales</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.day}>
              <td>{p.day}</td>
              <td>{p.orders}</td>
              <td>{p.localized}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
