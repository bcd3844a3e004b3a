// What ChartCard and the lazily loaded TrendChart share, apart from the chart module itself (a value
// imported from TrendChart.tsx would pull the charting code into every page that shows a card).

export interface TrendPoint {
  /** The x axis: a month or a day, already in words. */
  label: string;
  value: number;
}

export interface TrendChartProps {
  kind: 'line' | 'column';
  points: TrendPoint[];
  /** What a value is, for the tooltip ('Revenue', 'Sessions'). */
  valueName: string;
  formatValue: (value: number) => string;
}

export const CHART_HEIGHT = 280;
