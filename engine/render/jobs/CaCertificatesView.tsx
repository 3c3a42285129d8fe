/** Trusted CA certificates of an appliance: the list with subject and validity, upload of a PEM under a name, delete. */
import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../core/http';
import { showSnackbar } from '../../core/snackbar';
import type { OperationOutput } from '../../generated/client.gen';
import { useApi } from '../shell/EngineContext';

type Cert = OperationOutput<'appliance.listCaCerts'>['certificates'][number];

/** The message of a refused call: the first field error when there is one. */
const message = (e: unknown): string =>
  e instanceof ApiError && e.fieldErrors[0] ? e.fieldErrors[0].message : e instanceof Error ? e.message : String(e);
const day = (iso: string) => iso.slice(0, 10);

export function CaCertificatesView({ canWrite }: { canWrite: boolean }) {
  const api = useApi();
  const [certs, setCerts] = useState<readonly Cert[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [pem, setPem] = useState('');
  const [refusal, setRefusal] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => api.applianceListCaCerts().then((a) => setCerts(a.certificates), (e: unknown) => setError(message(e))), [api]);
  useEffect(() => void load(), [load]);

  const upload = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const answer = await api.applianceUploadCaCert({ params: { name: name.trim() }, body: { pem } });
      setCerts(answer.certificates);
      showSnackbar({ kind: 'success', message: `Certificate ${name.trim()} added.` });
      setName('');
      setPem('');
    } catch (e) {
      setRefusal(message(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (cert: Cert) => {
    try {
      setCerts((await api.applianceDeleteCaCert({ params: { name: cert.name } })).certificates);
      showSnackbar({ kind: 'success', message: `Certificate ${cert.name} removed.` });
    } catch (e) {
      showSnackbar({ kind: 'error', message: message(e), closable: true });
    }
  };
  const readFile = async (file: File | undefined) => file && setPem(await file.text());

  if (error) return <Alert color="red" role="alert" title="The certificates could not be loaded">{error}</Alert>;
  if (!certs) return <Loader role="status" aria-label="Loading" />;
  return (
    <Stack gap="lg">
      {certs.length === 0 ? (
        <Text c="dimmed">No CA certificates added yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label="CA certificates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Valid</Table.Th>
                <Table.Th>SHA-256 fingerprint</Table.Th>
                {canWrite && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {certs.map((c) => (
                <Table.Tr key={c.name}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.name}</Table.Td>
                  <Table.Td>{c.subject}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {day(c.valid_from)} to {day(c.valid_to)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {c.fingerprint_sha256}
                    </Text>
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <Button size="xs" variant="default" onClick={() => void remove(c)} aria-label={`Delete ${c.name}`}>
                        Delete
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canWrite && (
        <Stack gap="sm" maw={720}>
          <Text fw={600}>Add a CA certificate</Text>
          <TextInput label="Name" description="1 to 64 letters, digits, ., _ or -" value={name} onChange={(e) => setName(e.currentTarget.value)} placeholder="internal-root" />
          <Textarea
            label="Certificate (PEM)"
            description="Paste the certificate, or choose a .pem or .crt file below"
            autosize
            minRows={4}
            maxRows={12}
            value={pem}
            onChange={(e) => setPem(e.currentTarget.value)}
            placeholder="-----BEGIN CERTIFICATE-----"
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <input type="file" accept=".pem,.crt,.cer" aria-label="Certificate file" onChange={(e) => void readFile(e.currentTarget.files?.[0])} />
          {refusal && (
            <Alert color="red" role="alert" title="The certificate was not added">
              {refusal}
            </Alert>
          )}
          <Group>
            <Button onClick={() => void upload()} loading={busy} disabled={name.trim() === '' || pem.trim() === ''}>
              Add certificate
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
