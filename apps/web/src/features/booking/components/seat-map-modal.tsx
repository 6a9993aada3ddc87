import type { Booking } from '@kwenda/contracts';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { formatFlightNumber } from '../../../lib/format/flight-number';
import { useSeatMap } from '../api/booking-api';
import classes from './booking.module.css';
import { TitledModal } from '../../../components/titled-modal';
import { memo } from 'react';

/**
 * The seat map of a slice's first flight, to look at only. Seats are given at
 * check-in and cannot be chosen or bought here, so it says so and shows no seat prices.
 */
export const SeatMapModal = memo(function SeatMapModal({
  booking,
  slice,
  onClose,
}: {
  booking: Booking;
  slice: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('booking');
  const map = useSeatMap(booking.id, slice ?? 0, slice !== null);
  return (
    <TitledModal opened={slice !== null} onClose={onClose} size="md" title={t('seatMap.title')} closeLabel={t('seatMap.close')}>
      {map.isPending ? (
        <Loader />
      ) : map.isError || !map.data ? (
        <Alert color="red">{t('loadFailed')}</Alert>
      ) : (
        <Stack gap="sm">
          <Text fw={700}>{t('seatMap.flight', { flight: formatFlightNumber(map.data.flightNumber) })}</Text>
          <Alert color="gray" variant="light" p="xs">
            <Text size="sm" fw={700}>
              {t('seatMap.viewOnly')}
            </Text>
            <Text size="sm">{t('seatMap.note')}</Text>
          </Alert>
          <Group gap="md" wrap="wrap" aria-hidden>
            <Text size="xs">
              <span
                className={classes.legendSwatch}
                style={{ background: 'var(--mantine-color-teal-0)', border: '1px solid var(--mantine-color-teal-8)' }}
              />
              {t('seatMap.available')}
            </Text>
            <Text size="xs">
              <span className={classes.legendSwatch} style={{ background: 'var(--mantine-color-gray-3)' }} />
              {t('seatMap.taken')}
            </Text>
            <Text size="xs" c="red.8">
              {t('seatMap.exit')}
            </Text>
          </Group>
          <div className={classes.seatGrid} role="list">
            {map.data.rows.map((row) => (
              <div
                key={row.number}
                className={`${classes.seatRow} ${row.nextToExit ? classes.exitRow : ''}`}
                role="listitem"
                aria-label={`${t('seatMap.row', { row: row.number })}${row.nextToExit ? `, ${t('seatMap.exit')}` : ''}`}
              >
                <span className={classes.rowNumber} aria-hidden>
                  {row.number}
                </span>
                {row.columns.map((column, c) => (
                  <Group key={c} gap={4} wrap="nowrap">
                    {c > 0 && <span className={classes.aisle} aria-hidden />}
                    {column.seats.map((seat) => {
                      const name = `${row.number}${seat.letter}`;
                      return (
                        <span
                          key={seat.letter}
                          className={classes.seat}
                          data-taken={seat.available ? undefined : true}
                          role="img"
                          aria-label={
                            seat.available ? t('seatMap.seatAvailable', { seat: name }) : t('seatMap.seatTaken', { seat: name })
                          }
                        >
                          {seat.letter}
                        </span>
                      );
                    })}
                  </Group>
                ))}
              </div>
            ))}
          </div>
        </Stack>
      )}
    </TitledModal>
  );
});
