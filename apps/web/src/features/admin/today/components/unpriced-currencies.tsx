import type { UnpricedCurrency } from '@kwenda/contracts/admin';
import { formatAgencyDateTime } from '@kwenda/contracts/display';
import { Anchor, List, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../../i18n/use-translation';
import { Link } from '../../../../lib/router';
import { formatCount } from '../lib/format-figures';

/**
 * Supplier currencies the agency has no rate for: their offers are left out of every search. Each
 * says how many, since when and last when, with the way to its rate form.
 */
export function UnpricedCurrencies({ currencies }: { currencies: UnpricedCurrency[] }) {
  const { t, i18n } = useTranslation('admin-today');
  const language = i18n.language;
  return (
    <Stack gap="xs">
      <Text size="sm">{t('unpriced.intro')}</Text>
      <List spacing="xs" withPadding={false} listStyleType="none">
        {currencies.map((row) => (
          <List.Item key={row.currency}>
            <Text span>
              {t('unpriced.line', {
                currency: row.currency,
                count: formatCount(row.offers, language),
                since: formatAgencyDateTime(row.firstSeenAt, language),
                last: formatAgencyDateTime(row.lastSeenAt, language),
              })}
            </Text>{' '}
            <Anchor component={Link} to={`/admin/rates?currency=${encodeURIComponent(row.currency)}`}>
              {t('unpriced.setRate', { currency: row.currency })}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
