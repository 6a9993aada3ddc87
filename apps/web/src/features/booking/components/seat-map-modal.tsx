import type { Booking } from '@kwenda/contracts';
import { Alert, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFlightNumber } from '../../../lib/format/flight-number';
import { useSeatMap } from '../api/booking-api';
import classes from './booking.module.css';

/** SPEC section 3: the seat map of a slice's first flight, to look at (seats are given at check-in). */
export function SeatMapModal({
  booking,
  slice,
  onClose,
  price,
}: {
  booking: Booking;
  slice: number | null;
  onClose: () => void;
  price: (amount: number) => string;
}) {
  const { t } = useTranslation('booking');
  const map = useSeatMap(booking.id, slice ?? 0, slice !== null);
  const prices = (map.data?.rows ?? []).flatMap((r) =>
    r.columns.flatMap((c) => c.seats.map((s) => s.price).filter((p): p is number => p !== null)),
  );
  return (
    <Modal
      opened={slice !== null}
      onClose={onClose}
      title={t('seatMap.title')}
      closeButtonProps={{ 'aria-label': t('seatMap.close') }}
      size="md"
    >
      {map.isPending ? (
        <Loader />
      ) : map.isError || !map.data ? (
        <Alert color="red">{t('loadFailed')}</Alert>
      ) : (
        <Stack gap="sm">
          <Text fw={700}>{t('seatMap.flight', { flight: formatFlightNumber(map.data.flightNumber) })}</Text>
          <Text size="sm">{t('seatMap.note')}</Text>
          <Group gap="md" wrap="wrap" aria-hidden>
            <Text size="xs">
              <span
                className={classes.legendSwatch}
                style={{ background: 'var(--mantine-color-teal-0)', border: '1px solid var(--mantine-color-teal-8)' }}
              />
              {t('seatMap.available', { from: price(Math.min(...prices)), to: price(Math.max(...prices)) })}
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
                            seat.available
                              ? t('seatMap.seatAvailable', { seat: name, price: price(seat.price ?? 0) })
                              : t('seatMap.seatTaken', { seat: name })
                          }
                          title={seat.available && seat.price !== null ? price(seat.price) : undefined}
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
    </Modal>
  );
}
