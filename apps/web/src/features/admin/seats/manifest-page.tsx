import type { AllotmentManifest, AllotmentManifestPassenger } from '@kwenda/contracts/admin';
import { formatAgencyDateTime } from '@kwenda/contracts/display';
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useParams } from '../../../lib/router';
import { ApiErrorAlert, apiErrorText } from '../components/api-error-alert';
import { AirlineMark } from './airline-mark';
import { downloadManifestCsv, useManifest } from './seats-api';
import { airlineName, dateText, flightCode, manifestFileName, routeText, timesText } from './seats-format';
import classes from './manifest.module.css';

/**
 * The passenger list of a dated flight as the airline's office asks for it, on screen and on paper
 * (print hides the desk's frame): names as in the passport, documents, contact, bags, booking, PNR
 * and ticket; in the desk's language, every value left to right.
 */
export function ManifestPage() {
  const { t } = useTranslation('admin-seats');
  const { id = '' } = useParams<{ id: string }>();
  const manifest = useManifest(id);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    const flight = manifest.data?.datedFlight;
    document.title = flight
      ? `${t('manifest.title')} · ${flightCode(flight)} ${routeText(flight)} ${flight.departureDate}`
      : t('manifest.title');
  }, [manifest.data, t]);

  const download = () => {
    if (!manifest.data) return;
    setDownloading(true);
    setDownloadError(null);
    downloadManifestCsv(id, manifestFileName(manifest.data.datedFlight))
      .catch(setDownloadError)
      .finally(() => setDownloading(false));
  };

  return (
    <div className={classes.page}>
      <Group justify="space-between" wrap="wrap" gap="xs" className={classes.toolbar}>
        <Button component={Link} to="/admin/seats" variant="default" size="sm">
          {t('manifest.back')}
        </Button>
        <Group gap="xs">
          <Button variant="light" size="sm" onClick={download} loading={downloading} disabled={!manifest.data}>
            {t('list.downloadCsv')}
          </Button>
          <Button size="sm" onClick={() => window.print()} disabled={!manifest.data}>
            {t('manifest.print')}
          </Button>
        </Group>
      </Group>
      {downloadError ? (
        <Alert color="red" role="alert" className={classes.toolbar}>
          {apiErrorText(downloadError)}
        </Alert>
      ) : null}
      {manifest.data ? (
        <ManifestSheet manifest={manifest.data} />
      ) : manifest.isError ? (
        <ApiErrorAlert error={manifest.error} />
      ) : (
        <Center py="xl">
          <Loader role="status" />
        </Center>
      )}
    </div>
  );
}

function ManifestSheet({ manifest }: { manifest: AllotmentManifest }) {
  const { t, i18n } = useTranslation('admin-seats');
  const { t: tc } = useTranslation();
  const language = i18n.language;
  const flight = manifest.datedFlight;
  const passengers = manifest.passengers;
  return (
    <article className={classes.sheet} aria-labelledby="manifest-title">
      <header className={classes.head}>
        <div className={classes.headMain}>
          <AirlineMark code={flight.airline.iataCode} name={airlineName(flight, language)} />
          <div>
            <h1 id="manifest-title" className={classes.title} tabIndex={-1}>
              {t('manifest.title')} · <bdi dir="ltr">{flightCode(flight)}</bdi>
            </h1>
            <div className={classes.sub}>
              {airlineName(flight, language)} · <span className={classes.ltr}>{routeText(flight)}</span> ·{' '}
              {t(`cabin.${flight.cabin}`)}
            </div>
            <div className={classes.sub}>
              {dateText(flight.departureDate, language)} · <span className={classes.ltr}>{timesText(flight)}</span>
            </div>
          </div>
        </div>
        <dl className={classes.facts}>
          <div>
            <dt>{t('seats.allocated')}</dt>
            <dd>{flight.seats.allocated}</dd>
          </div>
          <div>
            <dt>{t('seats.sold')}</dt>
            <dd>{flight.seats.sold}</dd>
          </div>
          <div>
            <dt>{t('seats.held')}</dt>
            <dd>{flight.seats.held}</dd>
          </div>
          <div>
            <dt>{t('seats.left')}</dt>
            <dd>{flight.seats.left}</dd>
          </div>
          <div>
            <dt>{t('manifest.passengers')}</dt>
            <dd data-testid="manifest-count">{passengers.length}</dd>
          </div>
        </dl>
        <div className={classes.generated}>
          {t('manifest.generated', {
            brand: tc('brand'),
            at: formatAgencyDateTime(manifest.generatedAt, language, { month: 'short', year: true }),
          })}
        </div>
      </header>
      {passengers.length === 0 ? (
        <p className={classes.empty}>{t('manifest.empty')}</p>
      ) : (
        <>
          <div className={classes.tableWrap}>
            <table className={classes.table} data-testid="manifest-table">
              <thead>
                <tr>
                  <th>#</th>
                  <th>{t('manifest.name')}</th>
                  <th>{t('manifest.type')}</th>
                  <th>{t('manifest.birth')}</th>
                  <th>{t('manifest.document')}</th>
                  <th>{t('manifest.contact')}</th>
                  <th>{t('manifest.bags')}</th>
                  <th>{t('manifest.booking')}</th>
                </tr>
              </thead>
              <tbody>
                {passengers.map((passenger, index) => (
                  <tr key={passenger.passengerId} data-testid="manifest-passenger">
                    <td className={classes.num}>{index + 1}</td>
                    <td>
                      <PassportName passenger={passenger} />
                    </td>
                    <td>{t(`manifest.passengerType.${passenger.passengerType}`)}</td>
                    <td>
                      <Ltr value={passenger.dateOfBirth} />
                      <div className={classes.muted}>
                        {passenger.gender ? t(`manifest.gender.${passenger.gender}`) : ''}
                        {passenger.nationality ? (
                          <>
                            {' '}
                            · <Ltr value={passenger.nationality} />
                          </>
                        ) : null}
                      </div>
                    </td>
                    <td>
                      <Ltr value={passenger.documentNumber} strong />
                      {passenger.documentExpiryDate ? (
                        <div className={classes.muted}>
                          {t('manifest.expires')} <Ltr value={passenger.documentExpiryDate} />
                        </div>
                      ) : null}
                    </td>
                    <td>
                      <Ltr value={passenger.mobile} />
                      <div className={classes.muted}>
                        <Ltr value={passenger.email} wrap />
                      </div>
                    </td>
                    <td>
                      <Bags passenger={passenger} />
                    </td>
                    <td>
                      <bdi dir="ltr" className={classes.strong}>
                        {passenger.bookingReference}
                      </bdi>
                      <Labelled label={t('manifest.pnr')} value={passenger.pnr} testId="manifest-pnr" />
                      <Labelled label={t('manifest.ticket')} value={passenger.ticketNumber} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ol className={classes.cards} data-testid="manifest-cards">
            {passengers.map((passenger) => (
              <li key={passenger.passengerId} className={classes.card}>
                <div className={classes.cardHead}>
                  <PassportName passenger={passenger} />
                  <span className={classes.muted}>{t(`manifest.passengerType.${passenger.passengerType}`)}</span>
                </div>
                <dl className={classes.cardFacts}>
                  <dt>{t('manifest.document')}</dt>
                  <dd>
                    <Ltr value={passenger.documentNumber} strong />
                    {passenger.documentExpiryDate ? (
                      <span className={classes.muted}>
                        {' '}
                        · {t('manifest.expires')} <Ltr value={passenger.documentExpiryDate} />
                      </span>
                    ) : null}
                  </dd>
                  <dt>{t('manifest.birth')}</dt>
                  <dd>
                    <Ltr value={passenger.dateOfBirth} />
                    {passenger.gender ? ` · ${t(`manifest.gender.${passenger.gender}`)}` : ''}
                    {passenger.nationality ? (
                      <>
                        {' '}
                        · <Ltr value={passenger.nationality} />
                      </>
                    ) : null}
                  </dd>
                  <dt>{t('manifest.contact')}</dt>
                  <dd>
                    <Ltr value={passenger.mobile} />
                    {passenger.email ? (
                      <div>
                        <Ltr value={passenger.email} wrap />
                      </div>
                    ) : null}
                  </dd>
                  <dt>{t('manifest.bags')}</dt>
                  <dd>
                    <Bags passenger={passenger} />
                  </dd>
                  <dt>{t('manifest.booking')}</dt>
                  <dd>
                    <bdi dir="ltr" className={classes.strong}>
                      {passenger.bookingReference}
                    </bdi>
                    <Labelled label={t('manifest.pnr')} value={passenger.pnr} testId="manifest-pnr" />
                    <Labelled label={t('manifest.ticket')} value={passenger.ticketNumber} />
                  </dd>
                </dl>
              </li>
            ))}
          </ol>
        </>
      )}
      <Text className={classes.footer} size="xs">
        {t('manifest.footer')}
      </Text>
    </article>
  );
}

/**
 * LAST/FIRST as in the passport (the API gives them in capitals), left to right in Arabic too; a long
 * name wraps rather than widening the page. A dash while the traveller has not given it.
 */
function PassportName({ passenger }: { passenger: AllotmentManifestPassenger }) {
  const { t } = useTranslation('admin-seats');
  if (!passenger.lastName && !passenger.firstName) return <span className={classes.muted}>{t('manifest.noName')}</span>;
  return (
    <bdi dir="ltr" className={classes.name} data-testid="passport-name">
      {`${passenger.lastName ?? ''}/${passenger.firstName ?? ''}`}
    </bdi>
  );
}

/** A value that reads left to right (a number, a date, a code); on one line unless it may wrap (an e-mail). */
function Ltr({ value, strong, wrap }: { value: string | null; strong?: boolean; wrap?: boolean }) {
  if (!value) return <span>—</span>;
  const className = [wrap ? classes.wraps : classes.ltr, strong ? classes.strong : ''].join(' ');
  return (
    <bdi dir="ltr" className={className}>
      {value}
    </bdi>
  );
}

/**
 * A label and its code apart ("PNR" and "T3HFAI"): the code in its own left-to-right isolate, the
 * label before it in the page's direction, so in Arabic the label stays on the right of the code
 * and the two never read as one Latin run.
 */
function Labelled({ label, value, testId }: { label: string; value: string | null; testId?: string }) {
  return (
    <div className={classes.pair} data-testid={testId}>
      <span className={classes.label}>{label}</span> <Ltr value={value} />
    </div>
  );
}

function Bags({ passenger }: { passenger: AllotmentManifestPassenger }) {
  const { t } = useTranslation('admin-seats');
  const { bags } = passenger;
  const pieces = bags.includedPieces + bags.extraPieces;
  return (
    <span>
      {pieces ? t('manifest.holdBags', { count: pieces, kg: bags.holdKg }) : t('manifest.noHoldBags')}
      {bags.extraPieces ? <span className={classes.muted}> ({t('manifest.extraBags', { count: bags.extraPieces })})</span> : null}
      {bags.cabinKg ? <span className={classes.muted}> · {t('manifest.cabinBag', { kg: bags.cabinKg })}</span> : null}
    </span>
  );
}
