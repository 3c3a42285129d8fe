/** Mantine's Modal on its own, for DeferredModal's download on first opening. */
export { Modal } from '@mantine/core';
