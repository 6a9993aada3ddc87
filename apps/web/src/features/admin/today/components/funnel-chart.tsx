import type { DashboardFunnel } from '@kwenda/contracts/admin';
import { Text } from '@mantine/core';
import { formatCount, formatShare } from '../lib/format-figures';
import { shareOf } from '../lib/chart-scale';
import classes from '../today.module.css';
import { ChartDataTable, useChartFrame } from './chart-data-table';

const ROW = 60;
const BAR = 22;

/**
 * Offers-page views -> bookings -> paid as bars that start at the reading edge (right in Arabic),
 * each as long as its count against the widest step, with the count and its share of the step before.
 */
export function FunnelChart({ funnel }: { funnel: DashboardFunnel }) {
  const { t, language, rtl, ref, width, titleId, captionId } = useChartFrame();
  const steps = [
    { key: 'views', label: t('funnel.views'), value: funnel.offersPageViews, share: null },
    {
      key: 'bookings',
      label: t('funnel.bookings'),
      value: funnel.bookings,
      share: shareOf(funnel.bookings, funnel.offersPageViews),
    },
    { key: 'paid', label: t('funnel.paid'), value: funnel.paid, share: shareOf(funnel.paid, funnel.bookings) },
  ] as const;
  const widest = Math.max(1, ...steps.map((step) => step.value));
  // Room at the bar's end for its count.
  const track = Math.max(0, width - 56);
  const height = steps.length * ROW;
  const edge = rtl ? width : 0;
  const along = (distance: number) => (rtl ? width - distance : distance);

  return (
    <figure className={classes.figure} aria-labelledby={captionId}>
      <div ref={ref} className={classes.chartBox} style={{ height }}>
        {width > 0 ? (
          <svg width={width} height={height} role="img" aria-labelledby={titleId} className={classes.chart}>
            <title id={titleId}>
              {t('funnel.chartLabel', {
                views: formatCount(funnel.offersPageViews, language),
                bookings: formatCount(funnel.bookings, language),
                paid: formatCount(funnel.paid, language),
              })}
            </title>
            {steps.map((step, i) => {
              const top = i * ROW;
              const length = step.value > 0 ? Math.max(3, (step.value / widest) * track) : 0;
              return (
                <g key={step.key}>
                  <text x={edge} y={top + 16} direction={rtl ? 'rtl' : 'ltr'} textAnchor="start" className={classes.labelText}>
                    {step.label}
                    {step.share !== null ? ` · ${t('funnel.ofPrevious', { percent: formatShare(step.share, language) })}` : ''}
                  </text>
                  <rect x={rtl ? width - track : 0} y={top + 24} width={track} height={BAR} rx={3} className={classes.track} />
                  {length > 0 ? (
                    <rect
                      x={rtl ? width - length : 0}
                      y={top + 24}
                      width={length}
                      height={BAR}
                      rx={3}
                      className={classes.funnelBar}
                      data-step={step.key}
                    />
                  ) : null}
                  <text
                    x={along(length + 6)}
                    y={top + 24 + BAR / 2}
                    dy="0.35em"
                    direction="ltr"
                    textAnchor={rtl ? 'end' : 'start'}
                    className={classes.countText}
                  >
                    {formatCount(step.value, language)}
                  </text>
                </g>
              );
            })}
          </svg>
        ) : null}
      </div>
      <Text component="figcaption" id={captionId} size="sm" c="gray.7">
        {t('funnel.caption')}
      </Text>
      <ChartDataTable
        caption={t('funnel.heading')}
        columns={[t('funnel.step'), t('funnel.count'), t('funnel.rate')]}
        rows={steps.map((step) => ({
          key: step.key,
          cells: [step.label, formatCount(step.value, language), step.share === null ? '—' : formatShare(step.share, language)],
        }))}
      />
    </figure>
  );
}
