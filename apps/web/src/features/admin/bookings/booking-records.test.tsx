// @vitest-environment jsdom
import type { AdminBookingDetail } from '@kwenda/contracts/admin';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StaticRouter } from '../../../lib/router';
import { renderInApp } from '../../../test/render-in-app';
import { deskReading, otherReceipt } from '../desk/transfer.fixture';
import { PaymentsSection } from './booking-records';

/** A booking's receipts on its desk page: what was read on each, its checks' verdicts and a possible fraud. */

afterEach(cleanup);

const receipt = (id: string, reading: AdminBookingDetail['receipts'][number]['reading']) => ({
  id,
  fileName: `${id}.png`,
  contentType: 'image/png',
  sizeBytes: 40_000,
  status: 'submitted' as const,
  uploadedAt: '2026-11-28T11:06:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
  fileUrl: `/api/v1/admin/bookings/bk_1/receipts/${id}/file`,
  sameFileAs: [],
  typedTransactionNumber: '38278344',
  reading,
});

describe("a booking's receipts on the desk", () => {
  it('shows each receipt with its verdicts, and the other booking of a possible fraud', () => {
    const detail = {
      payments: [],
      receipts: [receipt('rc_1', deskReading({ amount: 'fail' })), receipt('rc_2', deskReading({ imageReused: 'fail' }))],
    } as unknown as AdminBookingDetail;
    const { t } = renderInApp(
      <StaticRouter location="/admin/bookings/bk_1">
        <PaymentsSection detail={detail} />
      </StaticRouter>,
      'ar',
    );
    const [first, second] = screen.getAllByTestId('receipt-reading');
    expect(within(first!).getByTestId('receipt-check-amount').dataset.verdict).toBe('fail');
    expect(within(first!).getByTestId('receipt-check-amount').textContent).toContain(t('admin-desk:checks.amount.fail'));
    // No image beside the values here: they are not buttons.
    expect(within(first!).queryByRole('button')).toBeNull();
    expect(within(second!).getByTestId('receipt-check-imageReused').dataset.verdict).toBe('fail');
    const banners = screen.getAllByTestId('receipt-fraud');
    expect(banners).toHaveLength(1);
    expect(within(banners[0]!).getByRole('link', { name: otherReceipt.bookingReference }).getAttribute('href')).toBe(
      `/admin/bookings/${otherReceipt.bookingId}`,
    );
  });
});
