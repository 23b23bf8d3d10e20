/**
 * The dashboard's charts. Only the parts of ECharts the three charts use are registered, and this
 * module is reached only through the dashboard's lazy import, so none of it is in the first load.
 */
import {
  BarChart,
  type BarSeriesOption,
  LineChart,
  type LineSeriesOption,
  PieChart,
  type PieSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ESM build: the CommonJS `lib/core` reaches the bundle as a module object, not a component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

echarts.use([
  LineChart,
  PieChart,
  BarChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

type ChartOption = echarts.ComposeOption<
  | LineSeriesOption
  | PieSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

/** The device pie's six colours (AA contrast on white, as the rest of the palette). */
export const DEVICE_COLOURS = ['#5b2a86', '#1c5aa6', '#1e6b34', '#b3261e', '#7a4b00', '#8a4f9e'];
const TREND_COLOURS = ['#5b2a86', '#1c5aa6', '#1e6b34'];
const TEXT = '#1f1a27';
const MUTED = '#57506a';

/** A chart that fails to draw leaves a note in its place instead of taking the page down with it. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A dashboard chart failed to render', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type ChartFrameProps = { option: ChartOption; label: string; testId: string; height: number };

/** A chart as one image to assistive technology, named by a text summary of its data. */
function ChartFrame({ option, label, testId, height }: ChartFrameProps) {
  const { t } = useTranslation();
  return (
    <ChartBoundary fallback={<p className="muted">{t('analytics.unavailable')}</p>}>
      <div className="analytics-chart" role="img" aria-label={label} data-testid={testId}>
        <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} />
      </div>
    </ChartBoundary>
  );
}

export type TrendPoint = { label: string; sessions: number; searches: number; scans: number };

export function TrendsChart({
  points,
  names,
  label,
}: {
  points: TrendPoint[];
  names: { sessions: string; searches: string; scans: string };
  label: string;
}) {
  const series = (key: 'sessions' | 'searches' | 'scans', colour: string | undefined): LineSeriesOption => ({
    type: 'line',
    name: names[key],
    data: points.map((point) => point[key]),
    showSymbol: points.length <= 31,
    itemStyle: { color: colour },
    lineStyle: { width: 2 },
  });
  const option: ChartOption = {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { color: TEXT } },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((point) => point.label),
      axisLabel: { color: MUTED },
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { color: MUTED } },
    series: [
      series('sessions', TREND_COLOURS[0]),
      series('searches', TREND_COLOURS[1]),
      series('scans', TREND_COLOURS[2]),
    ],
  };
  return <ChartFrame option={option} label={label} testId="analytics-trends-chart" height={280} />;
}

export type Slice = { name: string; value: number };

export function DevicePieChart({ slices, label }: { slices: Slice[]; label: string }) {
  const option: ChartOption = {
    animation: false,
    color: DEVICE_COLOURS,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, textStyle: { color: TEXT } },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        data: slices,
        label: { color: TEXT, formatter: '{b}: {d}%' },
      },
    ],
  };
  return <ChartFrame option={option} label={label} testId="analytics-device-chart" height={280} />;
}

export function CountryBarChart({ bars, label }: { bars: Slice[]; label: string }) {
  const option: ChartOption = {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    // The biggest country on top.
    yAxis: {
      type: 'category',
      data: bars.map((bar) => bar.name).reverse(),
      axisLabel: { color: TEXT, width: 110, overflow: 'truncate' },
    },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { color: MUTED } },
    series: [
      {
        type: 'bar',
        data: bars.map((bar) => bar.value).reverse(),
        itemStyle: { color: DEVICE_COLOURS[1], borderRadius: [0, 4, 4, 0] },
        barMaxWidth: 22,
        label: { show: true, position: 'right', color: TEXT },
      },
    ],
  };
  return <ChartFrame option={option} label={label} testId="analytics-country-chart" height={280} />;
}
