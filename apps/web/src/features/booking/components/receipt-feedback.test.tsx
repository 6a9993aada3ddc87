// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatPrice } from '../../../lib/format/format-price';
import { renderInApp } from '../../../test/render-in-app';
import { ReceiptFeedback } from './receipt-feedback';
import { bookingWith, readReceipt } from './receipt-booking.fixture';

/** What the traveller sees seconds after sending a receipt: what was read next to what is due, and what to do. */

afterEach(cleanup);

const b = (key: string) => `booking:receipt.feedback.${key}`;
const line = (name: string) => screen.getByTestId(`receipt-check-${name}`);

describe('the feedback on an uploaded receipt', () => {
  it('says a matching receipt matches, line by line, in words beside each icon', () => {
    const { t } = renderInApp(<ReceiptFeedback booking={bookingWith([readReceipt()])} />);
    expect(screen.getByTestId('receipt-summary').textContent).toBe(t(b('allMatch')));
    for (const check of ['amount', 'account', 'date', 'typedNumber']) {
      expect(line(check).getAttribute('data-verdict')).toBe('pass');
      expect(line(check).textContent).toContain(`${t(b(`check.${check}`))} — ${t(b('verdict.pass'))}`);
    }
    expect(line('amount').textContent).toContain(formatPrice(150_000, 'SDG', 'en'));
    // The numbers read left to right inside the sentence.
    expect(
      within(line('typedNumber'))
        .getAllByText('38278344120')
        .every((node) => node.getAttribute('dir') === 'ltr'),
    ).toBe(true);
    expect(screen.queryByTestId('receipt-check-reused')).toBeNull();
    expect(screen.getByText(t(b('agencyChecks')))).toBeTruthy();
  });

  it('asks for the remaining amount when less than due was sent, to the same account', () => {
    const { t } = renderInApp(
      <ReceiptFeedback booking={bookingWith([readReceipt({ verdicts: { amount: 'fail' }, values: { amount: 100_000 } })])} />,
    );
    expect(screen.getByTestId('receipt-summary').textContent).toBe(t(b('mismatch')));
    expect(line('amount').getAttribute('data-verdict')).toBe('fail');
    expect(line('amount').textContent).toContain(t(b('verdict.fail')));
    expect(line('amount').textContent).toContain(t(b('advice.amountLess'), { amount: formatPrice(50_000, 'SDG', 'en') }));
    expect(line('amount').textContent).toContain(formatPrice(100_000, 'SDG', 'en'));
    expect(line('account').getAttribute('data-verdict')).toBe('pass');
  });

  it('says the same in Arabic, the remaining amount in the site’s number format', () => {
    const { t } = renderInApp(
      <ReceiptFeedback booking={bookingWith([readReceipt({ verdicts: { amount: 'fail' }, values: { amount: 100_000 } })])} />,
      'ar',
    );
    expect(line('amount').textContent).toContain(t(b('advice.amountLess'), { amount: formatPrice(50_000, 'SDG', 'ar') }));
    expect(line('amount').textContent).toContain('50,000');
  });

  it('asks for the right transfer when more than due was sent', () => {
    const { t } = renderInApp(
      <ReceiptFeedback booking={bookingWith([readReceipt({ verdicts: { amount: 'fail' }, values: { amount: 200_000 } })])} />,
    );
    expect(line('amount').textContent).toContain(t(b('advice.amountOther')));
  });

  it('says a receipt sent with another booking will be checked, without naming that booking', () => {
    const { t } = renderInApp(<ReceiptFeedback booking={bookingWith([readReceipt({ verdicts: { numberReused: 'fail' } })])} />);
    expect(line('reused').textContent).toBe(t(b('advice.reused')));
    expect(screen.getByTestId('receipt-summary').textContent).toBe(t(b('mismatch')));
    // Only this booking is in the page's words; the reused line names no reference at all.
    expect(line('reused').textContent).not.toMatch(/KW[0-9A-Z]{6}/);
  });

  it('tells what the dates and the typed number need, and what could not be read', () => {
    const { t } = renderInApp(
      <ReceiptFeedback
        booking={bookingWith([
          readReceipt({
            verdicts: { date: 'fail', typedNumber: 'fail', account: 'unknown' },
            values: { dateTime: '2026-11-20T09:00', transactionNumber: '38278344121', recipientAccount: null },
          }),
        ])}
      />,
    );
    expect(line('date').textContent).toContain(t(b('advice.dateOlder')));
    expect(line('typedNumber').textContent).toContain(t(b('advice.typedNumber')));
    expect(line('account').getAttribute('data-verdict')).toBe('unknown');
    expect(line('account').textContent).toContain(t(b('unknown.account')));
  });

  it('shows a receipt being read as such, the newest receipt first', () => {
    const { t } = renderInApp(
      <ReceiptFeedback
        booking={bookingWith([
          readReceipt({ id: 'rc_old', fileName: 'first.jpg', uploadedAt: '2026-11-28T11:00:00.000Z' }),
          readReceipt({ id: 'rc_new', fileName: 'second.jpg', state: 'reading' }),
        ])}
      />,
    );
    const cards = screen.getAllByTestId('receipt-card');
    expect(cards.map((card) => card.getAttribute('data-reading'))).toEqual(['reading', 'read']);
    expect(within(cards[0]!).getByRole('status').textContent).toBe(t(b('reading')));
    expect(within(cards[0]!).queryByTestId('receipt-check-amount')).toBeNull();
  });

  it('says an unreadable receipt goes to the agency', () => {
    const { t } = renderInApp(<ReceiptFeedback booking={bookingWith([readReceipt({ state: 'unreadable' })])} />);
    expect(screen.getByTestId('receipt-summary').textContent).toBe(t(b('unreadable')));
    expect(screen.queryByTestId('receipt-check-amount')).toBeNull();
  });
});
