import type { StatementLine } from '@kwenda/contracts/admin';
import { Badge, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatPrice } from '../../lib/format/format-price';
import classes from './statement.module.css';

/** The statement's words both catalogs have ('agent' for the agent, 'admin-agents' for the desk). */
type StatementKey =
  | 'statement.inCurrency'
  | 'statement.earned'
  | 'statement.reversed'
  | 'statement.entry'
  | 'statement.commission'
  | 'statement.kind.earned'
  | 'statement.kind.reversed'
  | 'statement.ofMarkup'
  | 'statement.ofFare';
export type StatementT = (key: StatementKey, options?: { amount?: string; percent?: number; base?: string }) => string;

/** One column of a statement's table: its heading and what each line shows in it. */
export interface StatementColumn<L> {
  header: string;
  cell: (line: L) => ReactNode;
  /** Figures and dates: digits of even width, kept on one line. */
  numeric?: boolean;
}

/**
 * A commission statement's lines as a table that scrolls sideways on a phone (the scroll area is
 * focusable and named, for keyboards and screen readers), with the columns the caller chooses; the
 * entry, terms and commission columns below are the same for the agent and the desk.
 */
export function StatementTable<L extends StatementLine>({
  lines,
  columns,
  rowKey,
  caption,
  minWidth,
  labelledBy,
  testId,
}: {
  lines: L[];
  columns: StatementColumn<L>[];
  rowKey: (line: L, index: number) => string;
  caption: string;
  minWidth: number;
  /** The id of the heading naming the table; without it, the caption names the scroll area. */
  labelledBy?: string;
  testId?: string;
}) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="group"
      {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': caption })}
    >
      <Table striped verticalSpacing="xs" data-testid={testId}>
        <Table.Caption className={classes.caption}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={rowKey(line, index)}>
              {columns.map((column) => (
                <Table.Td key={column.header} className={column.numeric ? classes.number : undefined}>
                  {column.cell(line)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The columns every statement shows after its own: the entry (earned or reversed), the terms, the commission. */
export function statementColumns<L extends StatementLine>({
  language,
  t,
  termsHeader,
}: {
  language: string;
  t: StatementT;
  termsHeader: string;
}): StatementColumn<L>[] {
  return [
    {
      header: t('statement.entry'),
      cell: (line) => (
        <Badge color={line.kind === 'earned' ? 'teal' : 'orange'} variant="light" className={classes.badge}>
          {t(`statement.kind.${line.kind}`)}
        </Badge>
      ),
    },
    {
      header: termsHeader,
      cell: (line) =>
        t(line.commissionBasis === 'markup' ? 'statement.ofMarkup' : 'statement.ofFare', {
          percent: line.commissionPercent,
          base: formatPrice(line.baseUsd, 'USD', language),
        }),
    },
    {
      header: t('statement.commission'),
      numeric: true,
      cell: (line) => (
        <>
          <bdi dir="ltr">{formatPrice(line.commissionUsd, 'USD', language)}</bdi>
          {line.currency !== 'USD' ? (
            <Text size="xs" c="gray.7" component="span" display="block">
              <bdi dir="ltr">{formatPrice(line.commissionAmount, line.currency, language)}</bdi>
            </Text>
          ) : null}
        </>
      ),
    },
  ];
}
