import type { SearchedRoute } from '@kwenda/contracts/admin';
import { Anchor, Box, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../../i18n/use-translation';
import { Link } from '../../../../lib/router';
import { airportCity, useAirports } from '../../../../lib/airports';
import { shareOf } from '../lib/chart-scale';
import { todayBookingLinks } from '../lib/bookings-links';
import { formatCount, formatShare } from '../lib/format-figures';

interface RouteView {
  key: string;
  /** "بورتسودان ← القاهرة": the arrow points the way the line is read. */
  cities: string;
  codes: string;
  /** What a screen reader says instead: "from Port Sudan PZU to Cairo CAI". */
  spoken: string;
  href: string;
  searches: string;
  bookings: string;
  paid: string;
  /** Bookings per search, or null when nothing was booked (shown as a warning). */
  conversion: string | null;
}

function RouteLink({ route }: { route: RouteView }) {
  return (
    <Anchor component={Link} to={route.href}>
      <span aria-hidden="true">{route.cities}</span>
      <VisuallyHidden>{route.spoken}</VisuallyHidden>
    </Anchor>
  );
}

/**
 * The most searched routes with what was booked on them: a table on a desktop, a card per route on a
 * phone (five figures do not fit a 390 px row). Each route opens the bookings made on it in the period.
 */
export function SearchedRoutes({ routes, from, to }: { routes: SearchedRoute[]; from: string; to: string }) {
  const { t, i18n } = useTranslation('admin-today');
  const language = i18n.language;
  const { byCode } = useAirports();
  const arrow = i18n.dir() === 'rtl' ? '←' : '→';
  if (!routes.length) return <Text c="gray.7">{t('routes.empty')}</Text>;
  const city = (code: string) => airportCity(byCode.get(code), language, code);

  const views = routes.map((route): RouteView => {
    const share = shareOf(route.bookings, route.searches);
    return {
      key: `${route.origin}-${route.destination}`,
      cities: `${city(route.origin)} ${arrow} ${city(route.destination)}`,
      codes: `${route.origin} ${arrow} ${route.destination}`,
      spoken: t('routes.from', {
        origin: `${city(route.origin)} ${route.origin}`,
        destination: `${city(route.destination)} ${route.destination}`,
      }),
      href: todayBookingLinks.route(route.origin, route.destination, from, to),
      searches: formatCount(route.searches, language),
      bookings: formatCount(route.bookings, language),
      paid: formatCount(route.paid, language),
      conversion: route.bookings > 0 && share !== null ? formatShare(share, language) : null,
    };
  });
  const conversion = (route: RouteView) =>
    route.conversion ?? (
      <Text component="span" size="sm" fw={700} c="red.9">
        {t('routes.notBooked')}
      </Text>
    );

  return (
    <>
      <Box visibleFrom="sm">
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('routes.route')}</Table.Th>
              <Table.Th scope="col">{t('routes.searches')}</Table.Th>
              <Table.Th scope="col">{t('routes.bookings')}</Table.Th>
              <Table.Th scope="col">{t('routes.paid')}</Table.Th>
              <Table.Th scope="col">{t('routes.conversion')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {views.map((route) => (
              <Table.Tr key={route.key}>
                <Table.Th scope="row">
                  <RouteLink route={route} />
                  <Text size="xs" c="gray.7" aria-hidden="true" style={{ whiteSpace: 'nowrap' }}>
                    {route.codes}
                  </Text>
                </Table.Th>
                <Table.Td>{route.searches}</Table.Td>
                <Table.Td>{route.bookings}</Table.Td>
                <Table.Td>{route.paid}</Table.Td>
                <Table.Td>{conversion(route)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack hiddenFrom="sm" gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {views.map((route) => (
          <Paper component="li" key={route.key} withBorder radius="md" p="sm">
            <Stack gap={6}>
              <div>
                <RouteLink route={route} />
                <Text size="xs" c="gray.7" aria-hidden="true">
                  {route.codes}
                </Text>
              </div>
              <SimpleGrid cols={4} spacing={4} component="dl" m={0}>
                {(
                  [
                    ['searches', route.searches],
                    ['bookings', route.bookings],
                    ['paid', route.paid],
                    ['conversion', conversion(route)],
                  ] as const
                ).map(([key, value]) => (
                  <div key={key}>
                    <Text component="dt" size="xs" c="gray.7">
                      {t(`routes.${key}`)}
                    </Text>
                    <Text component="dd" m={0} size="sm" fw={700}>
                      {value}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
