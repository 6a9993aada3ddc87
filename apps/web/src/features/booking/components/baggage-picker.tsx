import type { BaggageOption } from '@kwenda/contracts';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { includedOptions, paidOptions, togglePiece } from '../lib/baggage-selection';

interface BaggagePickerProps {
  options: readonly BaggageOption[];
  chosen: Record<string, number>;
  onChange: (reference: string, count: number) => void;
  price: (amount: number) => string;
  error?: string;
}

/** Included bags, then each paid option as pieces picked in order. */
export function BaggagePicker({ options, chosen, onChange, price, error }: BaggagePickerProps) {
  const { t } = useTranslation('booking');
  if (!options.length) return <Text size="sm">{t('baggage.infant')}</Text>;
  const weight = (o: BaggageOption) => (o.weight ? ` ${t('baggage.weight', { weight: o.weight })}` : '');
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {t('baggage.title')}
      </Text>
      {includedOptions(options).map((o) => (
        <Text key={o.reference} size="sm">
          ✓ {t('baggage.included', { count: o.count, type: t(`baggage.types.${o.baggageType}`) })}
          {weight(o)}
        </Text>
      ))}
      {paidOptions(options).map((o) => {
        const count = chosen[o.reference] ?? 0;
        return Array.from({ length: o.limit }, (_, i) => i + 1).map((piece) => (
          <Checkbox
            key={`${o.reference}-${piece}`}
            checked={piece <= count}
            // Pieces are picked in order: the next piece only once the one before it is picked.
            disabled={piece > count + 1}
            onChange={() => onChange(o.reference, togglePiece(count, piece, o.limit))}
            label={`${t('baggage.extra', { type: t(`baggage.types.${o.baggageType}`), n: piece })}${weight(o)} ${t('baggage.extraPrice', { price: price(o.price) })}`}
          />
        ));
      })}
      {paidOptions(options).some((o) => o.limit > 1) && (
        <Text size="xs" c="gray.7">
          {t('baggage.inOrder')}
        </Text>
      )}
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
