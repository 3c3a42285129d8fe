/**
 * The second step of a sign-in when the organization requires two-factor authentication (or the user asked to set
 * it up): enter the code of an authenticator app or a recovery code, or at the first time add the key to the app
 * first. After an enrolment the recovery codes are shown once.
 */
import { Anchor, Button, Code, CopyButton, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { TfaChallenge } from '../../schemas/auth';

/** The key in lines of four groups of four characters, as authenticator apps show it. */
const keyLines = (secret: string) => (secret.match(/.{1,16}/g) ?? []).map((line) => line.replace(/(.{4})(?=.)/g, '$1 '));

export interface SecondFactorProps {
  readonly challenge: TfaChallenge;
  readonly submitting: boolean;
  readonly onSubmit: (code: string) => void;
  readonly onBack: () => void;
}

export function SecondFactor({ challenge, submitting, onSubmit, onBack }: SecondFactorProps) {
  const [code, setCode] = useState('');
  const enrol = challenge.tfa === 'enrol';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!submitting && code.trim()) onSubmit(code.trim());
  };
  return (
    <form onSubmit={submit} aria-label={enrol ? 'Set up two-factor authentication' : 'Two-factor authentication'}>
      <Stack>
        <Title order={1} size="h3" ta="center">
          {enrol ? 'Set up two-factor authentication' : 'Two-factor authentication'}
        </Title>
        <Text size="sm">{challenge.msg}</Text>
        {enrol && challenge.secret && (
          <Stack gap={6}>
            <Text size="sm" fw={500} id="tfa-key-label">
              Key (time-based, 6 digits)
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code aria-labelledby="tfa-key-label" fz="sm" px="sm" py={6} style={{ flex: 1, letterSpacing: '0.05em', wordBreak: 'break-all' }} data-testid="tfa-secret">
                {keyLines(challenge.secret).map((line) => (
                  <span key={line} style={{ display: 'block' }}>
                    {line}
                  </span>
                ))}
              </Code>
              <CopyButton value={challenge.secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            {challenge.otpauth_uri && (
              <Anchor href={challenge.otpauth_uri} size="sm">
                Open in an authenticator app on this device
              </Anchor>
            )}
          </Stack>
        )}
        <TextInput
          label={enrol ? 'Code shown by the app' : 'Code'}
          description={enrol ? undefined : 'The 6-digit code, or a recovery code'}
          name="code"
          autoComplete="one-time-code"
          inputMode={enrol ? 'numeric' : 'text'}
          autoFocus
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Button type="submit" disabled={submitting || !code.trim()} fullWidth>
          Verify
        </Button>
        <Button variant="subtle" onClick={onBack} disabled={submitting}>
          Back to sign-in
        </Button>
      </Stack>
    </form>
  );
}

export function RecoveryCodes({ codes, onContinue }: { readonly codes: readonly string[]; readonly onContinue: () => void }) {
  return (
    <Stack>
      <Title order={1} size="h3" ta="center">
        Save your recovery codes
      </Title>
      <Text size="sm">
        Each code signs you in once in place of the app, should you lose it. They are shown only now: keep them somewhere safe.
      </Text>
      <List aria-label="Recovery codes" listStyleType="none" spacing={4} style={{ columns: 2 }} ff="monospace" fz="sm">
        {codes.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List>
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy}>
            {copied ? 'Copied' : 'Copy the codes'}
          </Button>
        )}
      </CopyButton>
      <Button onClick={onContinue}>Continue</Button>
    </Stack>
  );
}
