// The one module that imports @ant-design/charts: ChartCard loads it lazily, so the charting code
// (G2 and its renderer) is fetched only once an admin page draws a chart.
import { Column, Line } from '@ant-design/charts';
import { brandColor } from '../../../app/theme.ts';
import { CHART_HEIGHT, type TrendChartProps } from './trend.ts';

export function TrendChart({ kind, points, valueName, formatValue }: TrendChartProps) {
  const common = {
    data: points,
    xField: 'label',
    yField: 'value',
    height: CHART_HEIGHT,
    autoFit: true,
    // Whole units only on the value axis: a month with no sale or no subscription is no reason for '0.2 subscriptions'.
    axis: { x: { title: false }, y: { title: false, labelFormatter: formatValue, tickFilter: (tick: number) => Number.isInteger(tick) } },
    tooltip: { items: [{ channel: 'y', name: valueName, valueFormatter: formatValue }] },
  };
  return kind === 'line' ? (
    <Line {...common} style={{ stroke: brandColor, lineWidth: 2 }} point={{ shapeField: 'circle', sizeField: 3, style: { fill: brandColor } }} />
  ) : (
    <Column {...common} style={{ fill: brandColor, maxWidth: 48 }} />
  );
}
