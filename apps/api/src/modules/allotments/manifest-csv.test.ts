import type { AllotmentManifest, AllotmentManifestPassenger } from '@kwenda/contracts/admin';
import { describe, expect, it } from 'vitest';
import { manifestCsv } from './allotments-desk-service.js';

const passenger = (overrides: Partial<AllotmentManifestPassenger>): AllotmentManifestPassenger => ({
  bookingId: 'bk_1',
  bookingReference: 'KW1234',
  bookingStatus: 'confirmed',
  pnr: null,
  ticketNumber: null,
  passengerId: 'p1',
  passengerType: 'adult',
  firstName: 'AMNA',
  lastName: 'OSMAN',
  dateOfBirth: '1990-04-12',
  gender: 'F',
  nationality: 'SD',
  documentNumber: 'P01234567',
  documentExpiryDate: '2031-05-31',
  email: 'amna@example.com',
  mobile: '+249912345678',
  bags: { includedPieces: 1, holdKg: 23, cabinKg: 7, extraPieces: 0 },
  ...overrides,
});
const csvOf = (...passengers: AllotmentManifestPassenger[]) =>
  manifestCsv({ passengers } as unknown as AllotmentManifest)
    .slice(1)
    .split('\r\n');

describe('the manifest CSV', () => {
  it('quotes separators and quotes, and never lets a spreadsheet run a value as a formula', () => {
    const [, line] = csvOf(
      passenger({ firstName: 'OMER "JR", II', lastName: '=HYPERLINK("http://x")', email: '@sum(1)', mobile: '-1+2' }),
    );
    expect(line).toBe(
      `KW1234,confirmed,,,"'=HYPERLINK(""http://x"")","OMER ""JR"", II",adult,1990-04-12,F,SD,P01234567,2031-05-31,'@sum(1),'-1+2,1,23,0`,
    );
  });

  it('keeps a mobile number in E.164 as it is, and starts with a byte-order mark', () => {
    const csv = manifestCsv({ passengers: [passenger({})] } as unknown as AllotmentManifest);
    expect(csv.startsWith('\ufeffbooking_reference,')).toBe(true);
    expect(csv.split('\r\n')[1]).toContain(',+249912345678,');
  });
});
