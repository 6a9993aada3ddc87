import { ALLOTMENT_LIST_MAX_DAYS, type AllotmentImportResponse, type ImportedDatedFlight } from '@kwenda/contracts/admin';
import { addDays } from '@kwenda/contracts/rules';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  FileInput,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../lib/router';
import { AdminPage } from '../components/admin-page';
import { ApiErrorAlert } from '../components/api-error-alert';
import { useStaffCan } from '../components/require-staff';
import { BidiText, ltr } from '../lib/bidi';
import { AirlineMark } from './airline-mark';
import { useImportSheet } from './seats-api';
import { dateText, routeText } from './seats-format';
import { sheetProblems, sheetTemplate, type SheetProblem } from './seats-csv';
import classes from './seats.module.css';

/** Rows of a dry run shown at once: a season's sheet can make hundreds of dated flights. */
const SHOWN_ROWS = 200;

type Source = 'file' | 'paste';

/**
 * The airline's sheet imported in two steps: staff choose the CSV file (or paste it), the server
 * checks it and answers what would change (or every bad line and column, translated), then staff
 * confirm and the dated flights are saved. The template has the header and one example line.
 */
export function SeatsImportPage() {
  const { t } = useTranslation('admin-seats');
  const canManage = useStaffCan('agent-desk');
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [checked, setChecked] = useState<{ text: string; name: string; answer: AllotmentImportResponse } | null>(null);
  const [done, setDone] = useState<AllotmentImportResponse | null>(null);
  const [readFailed, setReadFailed] = useState(false);
  const sheet = useImportSheet();
  const template = useMemo(() => `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${sheetTemplate()}`)}`, []);

  const reset = () => {
    setChecked(null);
    setDone(null);
    setReadFailed(false);
    sheet.reset();
  };

  const check = async () => {
    let text: string;
    let name: string;
    if (source === 'file') {
      if (!file) return;
      try {
        text = await file.text();
      } catch {
        setReadFailed(true);
        return;
      }
      name = file.name;
    } else {
      text = pasted;
      name = 'pasted.csv';
    }
    reset();
    sheet.mutate({ text, name, dryRun: true }, { onSuccess: (answer) => setChecked({ text, name, answer }) });
  };

  const confirm = () => {
    if (!checked) return;
    sheet.mutate(
      { text: checked.text, name: checked.name, dryRun: false },
      {
        onSuccess: (answer) => {
          setDone(answer);
          setChecked(null);
          setFile(null);
          setPasted('');
        },
      },
    );
  };

  const ready = source === 'file' ? !!file : pasted.trim() !== '';
  const problems = sheetProblems(sheet.error);

  return (
    <AdminPage
      title={t('import.title')}
      actions={
        <Button component={Link} to="/admin/seats" variant="default">
          {t('import.toFlights')}
        </Button>
      }
    >
      <Text c="gray.7">{t('import.intro')}</Text>
      {canManage ? null : <Alert color="gray">{t('readOnly')}</Alert>}

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="seats-sheet">
        <Stack gap="sm">
          <Title order={2} size="h4" id="seats-sheet">
            {t('import.sheet')}
          </Title>
          <Text size="sm" className={classes.formats}>
            <BidiText>{t('import.columnsHint', { date: ltr('yyyy-MM-dd'), time: ltr('HH:mm'), days: ltr('1357') })}</BidiText>
          </Text>
          <Group gap="xs">
            <Button component="a" href={template} download="kwenda-seats-template.csv" variant="light" size="sm">
              {t('import.template')}
            </Button>
          </Group>
          <SegmentedControl
            value={source}
            onChange={(value) => {
              setSource(value as Source);
              reset();
            }}
            data={[
              { value: 'file', label: t('import.fromFile') },
              { value: 'paste', label: t('import.fromPaste') },
            ]}
            disabled={!canManage}
            fullWidth
          />
          {source === 'file' ? (
            <FileInput
              label={t('import.file')}
              description={t('import.fileHint')}
              placeholder={t('import.filePlaceholder')}
              accept=".csv,text/csv"
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                reset();
              }}
              clearable
              clearButtonProps={{ 'aria-label': t('import.clearFile') }}
              disabled={!canManage}
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            />
          ) : (
            <Textarea
              label={t('import.paste')}
              description={t('import.pasteHint')}
              value={pasted}
              onChange={(event) => {
                setPasted(event.currentTarget.value);
                if (checked || sheet.error) reset();
              }}
              autosize
              minRows={4}
              maxRows={12}
              className={classes.paste}
              disabled={!canManage}
              spellCheck={false}
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            />
          )}
          {readFailed ? (
            <Alert color="red" role="alert">
              {t('import.readFailed')}
            </Alert>
          ) : null}
          {canManage ? (
            <Group justify="flex-end">
              <Button
                onClick={() => void check()}
                disabled={!ready || (sheet.isPending && sheet.variables?.dryRun === false)}
                loading={sheet.isPending && sheet.variables?.dryRun === true}
              >
                {t('import.check')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Card>

      {problems.length ? <SheetProblems problems={problems} /> : <ApiErrorAlert error={sheet.error} />}

      {checked ? (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="seats-dry-run">
          <Stack gap="sm">
            <Title order={2} size="h4" id="seats-dry-run">
              {t('import.dryRunTitle')}
            </Title>
            <Alert color="blue" role="status" data-testid="dry-run-summary">
              {checked.answer.created + checked.answer.changed === 0
                ? t('import.nothingToChange')
                : t('import.wouldChange', {
                    created: checked.answer.created,
                    changed: checked.answer.changed,
                  })}
            </Alert>
            <ImportedFlights flights={checked.answer.datedFlights} />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={reset} disabled={sheet.isPending}>
                {t('import.again')}
              </Button>
              <Button
                onClick={confirm}
                loading={sheet.isPending}
                disabled={checked.answer.created + checked.answer.changed === 0}
              >
                {t('import.confirm', { count: checked.answer.created + checked.answer.changed })}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}

      {done ? (
        <Alert color="teal" role="status" title={t('import.doneTitle')} data-testid="import-done">
          <Stack gap="xs">
            <Text size="sm">{t('import.done', { created: done.created, changed: done.changed })}</Text>
            <Group gap="xs">
              <Button component={Link} to={importedFlightsLink(done.datedFlights)} size="compact-sm">
                {t('import.toFlights')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </AdminPage>
  );
}

/**
 * The seats list over the imported dates, from the first to the last (at most the list's longest
 * period from the first): flights imported months ahead are outside the list's default 30 days.
 */
export function importedFlightsLink(flights: ImportedDatedFlight[]): string {
  const dates = flights.map((flight) => flight.departureDate).sort();
  const from = dates[0];
  if (!from) return '/admin/seats';
  const latest = addDays(from, ALLOTMENT_LIST_MAX_DAYS - 1);
  const last = dates[dates.length - 1]!;
  return `/admin/seats?${new URLSearchParams({ from, to: last < latest ? last : latest }).toString()}`;
}

/** Every problem of a refused sheet: "Line 4, column adult_fare (Adult fare): …", in the sheet's order. */
export function SheetProblems({ problems }: { problems: SheetProblem[] }) {
  const { t } = useTranslation('admin-seats');
  return (
    <Alert color="red" role="alert" title={t('problems.title', { count: problems.length })} data-testid="sheet-problems">
      <Stack gap="xs">
        <Text size="sm">{t('problems.nothingSaved')}</Text>
        <ol className={classes.problems}>
          {problems.map((problem, index) => (
            <li key={index} data-testid="sheet-problem">
              <Text size="sm" component="span">
                <BidiText>{problemText(problem, t)}</BidiText>
              </Text>
            </li>
          ))}
        </ol>
      </Stack>
    </Alert>
  );
}

type SeatsT = ReturnType<typeof useTranslation<'admin-seats'>>['t'];

/** A problem as one sentence: where it is, what is wrong, and the value the sheet had. */
export function problemText(problem: SheetProblem, t: SeatsT): string {
  const columnLabel: string | null = problem.column
    ? String(t(`columns.${problem.column}` as never, { defaultValue: '' })) || null
    : null;
  // A label that only repeats the column's name ("destination (destination)") is left out.
  const bare = !columnLabel || columnLabel.toLowerCase() === problem.column?.replace(/_/g, ' ');
  const where =
    problem.line !== null && problem.column
      ? bare
        ? t('problems.lineColumnBare', { line: problem.line, column: ltr(problem.column) })
        : t('problems.lineColumn', { line: problem.line, column: ltr(problem.column), label: columnLabel })
      : problem.line !== null
        ? t('problems.line', { line: problem.line })
        : t('problems.file');
  const what = t(`problems.codes.${problem.code}` as never, {
    column: problem.column ? ltr(problem.column) : '',
    defaultValue: t('problems.codes.other'),
  });
  const value = problem.value !== null && problem.value !== '' ? ` ${t('problems.value', { value: ltr(problem.value) })}` : '';
  return `${where}: ${what}${value}`;
}

/** The dated flights a dry run would make or change: a table on a desktop, cards on a phone. */
function ImportedFlights({ flights }: { flights: ImportedDatedFlight[] }) {
  const { t, i18n } = useTranslation('admin-seats');
  const language = i18n.language;
  const shown = flights.slice(0, SHOWN_ROWS);
  const date = (flight: ImportedDatedFlight) => dateText(flight.departureDate, language);
  const change = (flight: ImportedDatedFlight) => (
    <Badge variant="light" color={flight.change === 'created' ? 'teal' : 'blue'}>
      {t(`import.change.${flight.change}`)}
    </Badge>
  );
  if (!flights.length) return null;
  return (
    <>
      <Box visibleFrom="sm" className={classes.tableScroll}>
        <Table striped withTableBorder verticalSpacing={6} data-testid="dry-run-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('flight.flight')}</Table.Th>
              <Table.Th>{t('flight.route')}</Table.Th>
              <Table.Th>{t('flight.date')}</Table.Th>
              <Table.Th>{t('flight.departure')}</Table.Th>
              <Table.Th>{t('flight.seats')}</Table.Th>
              <Table.Th>{t('import.changeHeading')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((flight) => (
              <Table.Tr key={`${flight.airline}${flight.flightNumber}-${flight.origin}-${flight.departureDate}`}>
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <AirlineMark code={flight.airline} />
                    <span className={classes.ltr}>{`${flight.airline}${flight.flightNumber}`}</span>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <span className={classes.ltr}>{routeText(flight)}</span>
                </Table.Td>
                <Table.Td className={classes.number}>{date(flight)}</Table.Td>
                <Table.Td>
                  <span className={classes.ltr}>{flight.departureTime}</span>
                </Table.Td>
                <Table.Td className={classes.number}>{flight.seats}</Table.Td>
                <Table.Td>{change(flight)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack gap="xs" component="ul" className={classes.list} hiddenFrom="sm" data-testid="dry-run-cards">
        {shown.map((flight) => (
          <Card
            key={`${flight.airline}${flight.flightNumber}-${flight.origin}-${flight.departureDate}`}
            component="li"
            withBorder
            padding="xs"
            radius="md"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap={8} wrap="nowrap">
                <AirlineMark code={flight.airline} />
                <Stack gap={0}>
                  <Text fw={700} size="sm">
                    <span className={classes.ltr}>{`${flight.airline}${flight.flightNumber}`}</span>
                    {' · '}
                    <span className={classes.ltr}>{routeText(flight)}</span>
                  </Text>
                  <Text size="sm" c="gray.7">
                    {date(flight)} · <span className={classes.ltr}>{flight.departureTime}</span>
                  </Text>
                </Stack>
              </Group>
              <Stack gap={2} align="flex-end">
                {change(flight)}
                <Text size="sm" className={classes.number}>
                  {t('flight.seatsCount', { count: flight.seats })}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
      {flights.length > SHOWN_ROWS ? (
        <Text size="sm" c="gray.7">
          {t('import.more', { count: flights.length - SHOWN_ROWS })}
        </Text>
      ) : null}
    </>
  );
}
