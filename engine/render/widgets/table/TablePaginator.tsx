import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { ROWS_PER_PAGE_LABEL } from '../../../core/bulkImport';
import { pageCount, type PageChange } from './rowOrder';

export interface TablePaginatorProps {
  readonly page: PageChange;
  /** The shown page, zero-based (clamped to the rows there are). */
  readonly pageIndex: number;
  readonly total: number;
  /** Zero-based position of the first shown row, and how many rows are shown. */
  readonly firstShown: number;
  readonly shown: number;
  readonly pageSizeOptions: readonly number[];
  readonly onPageChange: (page: PageChange) => void;
}

/** Rows per page, "1–25 of 80", and the page buttons (spec 002 §3 paginator). */
export function TablePaginator({ page, pageIndex, total, firstShown, shown, pageSizeOptions, onPageChange }: TablePaginatorProps) {
  return (
    <Group justify="flex-end" gap="lg" mt="sm" wrap="wrap">
      <NativeSelect
        label={ROWS_PER_PAGE_LABEL}
        size="xs"
        styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
        data={pageSizeOptions.map(String)}
        value={String(page.size)}
        onChange={(e) => onPageChange({ index: 0, size: Number(e.currentTarget.value) })}
      />
      <Text size="sm" aria-live="polite">
        {`${total === 0 ? 0 : firstShown + 1}–${firstShown + shown} of ${total}`}
      </Text>
      <Pagination
        size="sm"
        total={pageCount(page.size, total)}
        value={pageIndex + 1}
        onChange={(p) => onPageChange({ index: p - 1, size: page.size })}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      />
    </Group>
  );
}
