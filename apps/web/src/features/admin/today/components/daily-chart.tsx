import type { DashboardDay } from '@kwenda/contracts/admin';
import { formatCalendarDate } from '@kwenda/contracts/rules';
import { Text } from '@mantine/core';
import { formatPrice } from '../../../../lib/format/format-price';
import { countTicks, labelledDays, slotStart } from '../lib/chart-scale';
import { formatCount } from '../lib/format-figures';
import classes from '../today.module.css';
import { ChartDataTable, useChartFrame } from './chart-data-table';

const HEIGHT = 220;
const TOP = 22;
const BOTTOM = 28;
const AXIS = 34;
/** Room each day label needs ("25 نوفمبر" in bold and a gap): labels are spaced at least this far apart. */
const LABEL_WIDTH = 80;
/** About half the widest label: a centred label closer than this to the box's end would stick out. */
const LABEL_HALF = 32;

/** The two bars of a day, in the order they are read: new bookings, then paid. */
const series = [
  { key: 'bookings', className: classes.barBookings },
  { key: 'paid', className: classes.barPaid },
] as const;

/**
 * New and paid bookings per day, as pairs of bars. Time runs in reading order, as the fare calendar
 * does: oldest on the left in English, on the right in Arabic, today at the end of the line. Drawn in
 * the pixels of its box (measured), so text keeps its size on a phone; the numbers are also in a table
 * that only screen readers reach, and the caption says the period's totals.
 */
export function DailyChart({ daily, bookings, paid }: { daily: DashboardDay[]; bookings: number; paid: number }) {
  const { t, language, rtl, ref, width, titleId, captionId } = useChartFrame();
  const n = daily.length;
  const from = formatCalendarDate(daily[0]?.day ?? '', language, { month: 'long' });
  const to = formatCalendarDate(daily[n - 1]?.day ?? '', language, { month: 'long' });
  const dayLabel = (day: string) => formatCalendarDate(day, language, { month: 'short' });

  const ticks = countTicks(Math.max(0, ...daily.flatMap((day) => [day.bookings, day.paid])));
  const top = ticks[ticks.length - 1]!;
  const plotStart = rtl ? 4 : AXIS;
  const plotEnd = rtl ? width - AXIS : width - 4;
  const slot = n ? (plotEnd - plotStart) / n : 0;
  const group = Math.min(slot * 0.72, 44);
  const bar = Math.max(1, group / 2 - 1);
  const plotBottom = HEIGHT - BOTTOM;
  const y = (value: number) => plotBottom - (value / top) * (plotBottom - TOP);
  const labelled = labelledDays(n, Math.floor((plotEnd - plotStart) / LABEL_WIDTH));
  const showValues = slot >= 30;

  return (
    <figure className={classes.figure} aria-labelledby={captionId}>
      <div className={classes.legend} aria-hidden="true">
        <span className={classes.legendItem}>
          <span className={classes.swatch} data-series="bookings" />
          {t('daily.bookings')}
        </span>
        <span className={classes.legendItem}>
          <span className={classes.swatch} data-series="paid" />
          {t('daily.paid')}
        </span>
      </div>
      <div ref={ref} className={classes.chartBox} style={{ height: HEIGHT }}>
        {width > 0 && n > 0 ? (
          <svg width={width} height={HEIGHT} role="img" aria-labelledby={titleId} className={classes.chart}>
            <title id={titleId}>{t('daily.chartLabel', { from, to })}</title>
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={plotStart}
                  x2={plotEnd}
                  y1={y(tick)}
                  y2={y(tick)}
                  className={tick === 0 ? classes.baseline : classes.grid}
                />
                <text
                  x={rtl ? plotEnd + 6 : plotStart - 6}
                  y={y(tick)}
                  dy="0.32em"
                  direction="ltr"
                  textAnchor={rtl ? 'start' : 'end'}
                  className={classes.axisText}
                >
                  {formatCount(tick, language)}
                </text>
              </g>
            ))}
            {daily.map((day, i) => {
              const x = slotStart(i, n, plotStart, plotEnd, rtl) + (slot - group) / 2;
              // The first bar of a pair is the one read first: new bookings, then paid.
              const barX = { bookings: rtl ? x + group / 2 + 1 : x, paid: rtl ? x : x + group / 2 + 1 };
              const centre = x + group / 2;
              // Today's label sits at the end of the line: centred, it could stick out of the box, so it
              // then ends at the box's edge instead (its "end" is the left one in Arabic).
              const atEdge = i === n - 1 && (rtl ? centre - LABEL_HALF < 0 : centre + LABEL_HALF > width);
              const labelX = atEdge ? (rtl ? 0 : width) : centre;
              return (
                <g key={day.day}>
                  <title>{t('daily.barTitle', { day: dayLabel(day.day), bookings: day.bookings, paid: day.paid })}</title>
                  {series.map(({ key, className }) =>
                    day[key] > 0 ? (
                      <rect
                        key={key}
                        x={barX[key]}
                        y={y(day[key])}
                        width={bar}
                        height={plotBottom - y(day[key])}
                        rx={2}
                        className={className}
                        data-series={key}
                      />
                    ) : null,
                  )}
                  {showValues
                    ? series.map(({ key }) => (
                        <text
                          key={key}
                          x={barX[key] + bar / 2}
                          y={y(day[key]) - 4}
                          textAnchor="middle"
                          direction="ltr"
                          className={classes.valueText}
                        >
                          {day[key]}
                        </text>
                      ))
                    : null}
                  {labelled.has(i) ? (
                    <text
                      x={labelX}
                      y={HEIGHT - 8}
                      textAnchor={atEdge ? 'end' : 'middle'}
                      direction={rtl ? 'rtl' : 'ltr'}
                      className={i === n - 1 ? classes.todayText : classes.axisText}
                    >
                      {dayLabel(day.day)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        ) : null}
      </div>
      <Text component="figcaption" id={captionId} size="sm" c="gray.7">
        {t('daily.caption', { bookings: formatCount(bookings, language), paid: formatCount(paid, language) })}
      </Text>
      <ChartDataTable
        caption={t('daily.heading')}
        columns={[t('daily.day'), t('daily.bookings'), t('daily.paid'), t('daily.amounts')]}
        rows={daily.map((day) => ({
          key: day.day,
          cells: [
            formatCalendarDate(day.day, language, { weekday: 'long', month: 'long' }),
            formatCount(day.bookings, language),
            formatCount(day.paid, language),
            day.paidAmounts
              .map((money) => formatPrice(money.amount, money.currency, language))
              .join(language === 'ar' ? '، ' : ', ') || '0',
          ],
        }))}
      />
    </figure>
  );
}
