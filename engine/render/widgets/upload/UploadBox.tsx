/**
 * The file drop / upload box (spec 002 §4, §5, §8): states normal, dragging and disabled; only the configured types
 * (MIME type, or the extension when no type is given); one file unless multiple is allowed. A refused drop shows
 * 'Invalid file type uploaded' (2999 ms) or 'multiple file upload not supported' (3001 ms), each with Close.
 */
import { Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { UploadBoxState } from '../../../../schemas/enums';
import { formatFileTypeList } from '../../../../schemas/format';
import { showSnackbar } from '../../../core/snackbar';
import { acceptAttribute, checkUpload, UPLOAD_FILE_TYPES, type FileTypeEntry, type UploadFileType } from './acceptFile';

export interface UploadBoxProps {
  /** Accepted types: names from the upload type list, or dictionary entries. */
  readonly accept: readonly (UploadFileType | FileTypeEntry)[];
  readonly onFiles: (files: File[]) => void;
  readonly multiple?: boolean;
  readonly disabled?: boolean;
  /** Accessible name and visible prompt. */
  readonly label?: string;
  /** Extra content under the prompt. */
  readonly children?: ReactNode;
}

const ENTRY = (t: UploadFileType | FileTypeEntry): FileTypeEntry => (typeof t === 'string' ? UPLOAD_FILE_TYPES[t] : t);

const colours: Record<UploadBoxState, string> = {
  normal: 'var(--mantine-color-default-border)',
  dragging: 'var(--mantine-primary-color-filled)',
  disabled: 'var(--mantine-color-disabled-border, var(--mantine-color-default-border))',
};

export function UploadBox({ accept, onFiles, multiple = false, disabled = false, label, children }: UploadBoxProps) {
  const types = accept.map(ENTRY);
  const input = useRef<HTMLInputElement>(null);
  const depth = useRef(0);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const state: UploadBoxState = disabled ? 'disabled' : dragging ? 'dragging' : 'normal';
  const extensions = [...new Set(types.flatMap((t) => t.fileExtensions))];
  const prompt = label ?? (multiple ? 'Drop files here or click to browse' : 'Drop a file here or click to browse');

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    const result = checkUpload(files, types, multiple);
    if (!result.ok) {
      showSnackbar({ kind: 'error', message: result.message, duration: result.duration, closable: true });
      return;
    }
    onFiles([...result.files]);
  };

  const onDrag = (e: DragEvent<HTMLDivElement>, change: 1 | -1 | 0) => {
    e.preventDefault();
    if (disabled) return;
    depth.current = Math.max(0, depth.current + change);
    setDragging(depth.current > 0);
  };

  return (
    <>
      <Paper
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || undefined}
        aria-label={prompt}
        aria-describedby={hintId}
        data-state={state}
        withBorder
        p="xl"
        radius="md"
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: colours[state],
          background: state === 'dragging' ? 'var(--mantine-primary-color-light)' : undefined,
          cursor: disabled ? 'not-allowed' : 'pointer',
          opacity: disabled ? 0.6 : 1,
          textAlign: 'center',
        }}
        onClick={() => !disabled && input.current?.click()}
        onKeyDown={(e) => {
          if (!disabled && (e.key === 'Enter' || e.key === ' ')) {
            e.preventDefault();
            input.current?.click();
          }
        }}
        onDragEnter={(e) => onDrag(e, 1)}
        onDragOver={(e) => onDrag(e, 0)}
        onDragLeave={(e) => onDrag(e, -1)}
        onDrop={(e) => {
          e.preventDefault();
          depth.current = 0;
          setDragging(false);
          if (!disabled) take(e.dataTransfer.files);
        }}
      >
        <Stack gap={4} align="center">
          <Text fw={600}>{state === 'dragging' ? 'Drop to upload' : prompt}</Text>
          <Text size="sm" c="dimmed" id={hintId}>
            {`Accepted: ${formatFileTypeList(extensions)}`}
          </Text>
          {children}
        </Stack>
      </Paper>
      <VisuallyHidden>
        <input
          ref={input}
          type="file"
          tabIndex={-1}
          aria-hidden
          accept={acceptAttribute(types)}
          multiple={multiple}
          disabled={disabled}
          data-testid="upload-input"
          onChange={(e) => {
            take(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
      </VisuallyHidden>
    </>
  );
}
