/**
 * The notice a screen shows while a tenant capability is on or off (`capabilityNotice` of its definition), read with
 * the capability details call. A capability that cannot be read shows nothing: the screen itself still works.
 */
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CapabilityNotice as Notice } from '../../../definitions/define';
import { useCall } from './EngineContext';
import { recordOf } from '../../core/call';

export function CapabilityNotice({ notice }: { notice: Notice }) {
  const call = useCall();
  const detail = useQuery({
    queryKey: ['capability', notice.operation.id, notice.capability],
    retry: false,
    queryFn: ({ signal }) => call(notice.operation, { params: { name: notice.capability } }, { signal, skip403Snackbar: true }).then(recordOf),
  });
  if (detail.data?.enabled !== notice.when) return null;
  return (
    <Alert color="yellow" role="status" maw={900}>
      {notice.text}
    </Alert>
  );
}
