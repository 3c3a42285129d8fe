import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../../tests/setup/component';
import { currentSnackbars, dismissSnackbar } from '../../../core/snackbar';
import { UploadBox } from './UploadBox';

const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

const file = (name: string, type: string) => new File(['x'], name, { type });
const box = () => screen.getByRole('button', { name: /Drop a file here|Drop files here/ });

afterEach(() => {
  for (const n of currentSnackbars()) dismissSnackbar(n.id);
});

describe('UploadBox', () => {
  it('passes an accepted dropped file on', () => {
    const onFiles = vi.fn();
    renderUi(<UploadBox accept={['csv', 'json']} onFiles={onFiles} />);
    fireEvent.drop(box(), { dataTransfer: { files: [file('rules.csv', 'text/csv')] } });
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'rules.csv' })]);
    expect(screen.getByText('Accepted: .csv, .json')).toBeTruthy();
  });

  it('shows normal, dragging and disabled states', () => {
    const { rerender } = render(<UploadBox accept={['csv']} onFiles={() => undefined} />, { wrapper });
    expect(box().dataset.state).toBe('normal');
    fireEvent.dragEnter(box(), { dataTransfer: { files: [] } });
    expect(box().dataset.state).toBe('dragging');
    expect(screen.getByText('Drop to upload')).toBeTruthy();
    fireEvent.dragLeave(box(), { dataTransfer: { files: [] } });
    expect(box().dataset.state).toBe('normal');
    rerender(<UploadBox accept={['csv']} onFiles={() => undefined} disabled />);
    expect(box().dataset.state).toBe('disabled');
    expect(box().getAttribute('aria-disabled')).toBe('true');
  });

  it('ignores drops while disabled', () => {
    const onFiles = vi.fn();
    renderUi(<UploadBox accept={['csv']} onFiles={onFiles} disabled />);
    fireEvent.drop(box(), { dataTransfer: { files: [file('a.csv', 'text/csv')] } });
    expect(onFiles).not.toHaveBeenCalled();
  });

  it("refuses another type with 'Invalid file type uploaded' for 2999 ms and a Close button", () => {
    const onFiles = vi.fn();
    renderUi(<UploadBox accept={['csv']} onFiles={onFiles} />);
    fireEvent.drop(box(), { dataTransfer: { files: [file('a.png', 'image/png')] } });
    expect(onFiles).not.toHaveBeenCalled();
    expect(currentSnackbars().at(-1)).toMatchObject({
      kind: 'error',
      message: 'Invalid file type uploaded',
      duration: 2999,
      closable: true,
    });
  });

  it("refuses several files with 'multiple file upload not supported' for 3001 ms", () => {
    const onFiles = vi.fn();
    renderUi(<UploadBox accept={['csv']} onFiles={onFiles} />);
    fireEvent.drop(box(), { dataTransfer: { files: [file('a.csv', 'text/csv'), file('b.csv', 'text/csv')] } });
    expect(onFiles).not.toHaveBeenCalled();
    expect(currentSnackbars().at(-1)).toMatchObject({ message: 'multiple file upload not supported', duration: 3001, closable: true });
  });

  it('accepts several files when multiple is allowed', () => {
    const onFiles = vi.fn();
    renderUi(<UploadBox accept={['csv']} onFiles={onFiles} multiple />);
    fireEvent.drop(screen.getByRole('button', { name: /Drop files here/ }), {
      dataTransfer: { files: [file('a.csv', 'text/csv'), file('b.csv', 'text/csv')] },
    });
    expect(onFiles.mock.calls[0]![0]).toHaveLength(2);
  });

  it('checks the extension when the browser gives no type', () => {
    const onFiles = vi.fn();
    renderUi(<UploadBox accept={['updatepackage']} onFiles={onFiles} />);
    fireEvent.drop(box(), { dataTransfer: { files: [file('fw-9.1.updatepackage', '')] } });
    expect(onFiles).toHaveBeenCalledTimes(1);
  });

  it('opens the file picker from the keyboard and takes the picked file', async () => {
    const onFiles = vi.fn();
    renderUi(<UploadBox accept={['pem']} onFiles={onFiles} />);
    const input = screen.getByTestId('upload-input') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    box().focus();
    await userEvent.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
    expect(input.accept).toContain('.pem');
    await userEvent.upload(input, file('ca.pem', 'application/x-pem-file'));
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'ca.pem' })]);
  });
});
