import { formatAgencyDateTime } from '@kwenda/contracts/display';

/** A moment on the agency's clock, short enough for a table: "Tue 15 Dec at 14:05 Khartoum time". */
export const agentTime = (instant: string, language: string) =>
  formatAgencyDateTime(instant, language, { weekday: 'short', month: 'short' });
