import { ActionIcon } from '@mantine/core';
import { IconSwapVertical } from '../../components/icons';
import classes from './search-form.module.css';

/**
 * Two opposite arrows read the same in Arabic and English, so the icon is not mirrored; it
 * turns a quarter when the two airports sit side by side (wide screens).
 */
export function SwapButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <ActionIcon
      variant="default"
      radius="xl"
      size={40}
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      className={classes.swap}
    >
      <IconSwapVertical size={20} className={classes.swapIcon} />
    </ActionIcon>
  );
}
