import { Table, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';

/**
 * A chart's figures as a table only screen readers reach: the drawing says nothing to them. Each
 * row's first cell names the row.
 */
export function ChartDataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; cells: [ReactNode, ...ReactNode[]] }[];
}) {
  return (
    <VisuallyHidden>
      <Table>
        <caption>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ key, cells: [name, ...rest] }) => (
            <Table.Tr key={key}>
              <Table.Th scope="row">{name}</Table.Th>
              {rest.map((cell, index) => (
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VisuallyHidden>
  );
}

/**
 * What a Today chart is drawn with: the screen's words and reading direction, its box measured (it is
 * drawn in that box's pixels) and the ids that name its title and caption.
 */
export function useChartFrame() {
  const { t, i18n } = useTranslation('admin-today');
  const { ref, width } = useElementSize();
  const titleId = useId();
  const captionId = useId();
  return { t, language: i18n.language, rtl: i18n.dir() === 'rtl', ref, width, titleId, captionId };
}
