/**
 * Lengths of time: one writing for the web app, the e-mails and the e-ticket (contracts
 * display-duration.ts). formatDuration for flights and waits ("2س 10د", "2h 10m"),
 * formatDurationInWords inside sentences ("ساعة و30 دقيقة", "1 hour and 30 minutes").
 */
export { formatDuration, formatDurationInWords, splitDuration } from '@kwenda/contracts/display';
