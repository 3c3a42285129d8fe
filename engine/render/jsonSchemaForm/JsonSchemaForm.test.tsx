import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { BROWSER_SETTINGS, PostureBrowser, PosturePlatform, browserSettingsSchema } from '../../../schemas/areas/browserPosture';
import { renderUi } from '../../../tests/setup/component';
import { JsonSchemaForm } from './JsonSchemaForm';
import { normalizeSchema } from './normalizeSchema';

/** The JSON Schema the server answers for a platform, browser and version (as posture.settingDefinitions does). */
const served = (platform: PosturePlatform, browser: PostureBrowser, version: string) =>
  z.toJSONSchema(browserSettingsSchema(platform, browser, version), { target: 'draft-07' }) as RJSFSchema;

function setup(schema: RJSFSchema, value: Record<string, unknown> = {}) {
  const onSubmit = vi.fn();
  const view = renderUi(<JsonSchemaForm label="Settings" schema={schema} value={value} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup(), view };
}

describe('JsonSchemaForm over the browser settings catalogue', () => {
  // The newest version of each platform and browser holds every setting the catalogue has for it.
  const combos = PosturePlatform.options.flatMap((platform) => PostureBrowser.options.map((browser) => [platform, browser] as const));

  it.each(combos)('renders every setting of %s / %s with a control', (platform, browser) => {
    const schema = served(platform, browser, '999');
    const names = Object.keys(schema.properties ?? {});
    expect(names.length).toBeGreaterThan(0);
    const { view } = setup(schema);
    expect(view.container.textContent).not.toMatch(/Unsupported field schema|Unknown field type/);
    for (const name of names) {
      const title = (BROWSER_SETTINGS[name]!.schema.meta()?.title as string | undefined) ?? name;
      expect(screen.getAllByText(title, { exact: false }).length, name).toBeGreaterThan(0);
    }
  });

  it('edits a seeded configuration: a choice without a type keeps its number, chips and a list of choices', async () => {
    const value = { SafeBrowsingProtectionLevel: 2, DnsOverHttpsMode: 'secure', ExtensionInstallBlocklist: ['*'], PasswordManagerEnabled: false };
    const { user, onSubmit } = setup(served('windows', 'chrome', '120'), value);
    const level = screen.getByRole('combobox', { name: /Safe Browsing protection/ }) as HTMLInputElement;
    expect(level.value).toBe('Enhanced protection');
    await user.click(level);
    await user.click(await screen.findByRole('option', { name: 'Standard protection' }));
    // A list of free strings is edited as chips, not one input per item.
    const blocklist = screen.getByRole('combobox', { name: /^Blocked extensions/ });
    await user.type(blocklist, 'abcdefghijklmnopabcdefghijklmnop{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      SafeBrowsingProtectionLevel: 1,
      ExtensionInstallBlocklist: ['*', 'abcdefghijklmnopabcdefghijklmnop'],
    });
  });
});

describe('JsonSchemaForm over the shapes a JSON Schema may take', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      mode: { title: 'Mode', enum: ['off', 'on'] },
      level: { title: 'Level', oneOf: [{ const: 1, title: 'Low' }, { const: 2, title: 'High' }] },
      note: { title: 'Note', anyOf: [{ type: 'string' }, { type: 'null' }] },
      days: { title: 'Days', type: 'array', items: { enum: ['mon', 'tue', 'wed'] }, uniqueItems: true },
      proxy: { title: 'Proxy', properties: { host: { title: 'Host', type: 'string' }, port: { title: 'Port', type: 'integer' } } },
    },
  };

  it('fills in the types rjsf needs without changing what is accepted', () => {
    const out = normalizeSchema(schema).properties as Record<string, RJSFSchema>;
    expect(out.mode!.type).toBe('string');
    expect(out.level!.type).toBe('integer');
    expect(out.note).toMatchObject({ type: 'string', title: 'Note' });
    expect((out.days!.items as RJSFSchema).type).toBe('string');
    expect(out.proxy!.type).toBe('object');
  });

  it('renders enumerations without a type, oneOf, nullable anyOf, arrays of choices and nested objects', async () => {
    const { user, onSubmit, view } = setup(schema);
    expect(view.container.textContent).not.toMatch(/Unsupported field schema|Unknown field type/);
    await user.click(screen.getByRole('combobox', { name: /^Mode/ }));
    await user.click(await screen.findByRole('option', { name: 'on' }));
    await user.click(screen.getByRole('combobox', { name: /^Level/ }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    await user.type(screen.getByRole('textbox', { name: /^Note/ }), 'hello');
    await user.click(screen.getByRole('combobox', { name: /^Days/ }));
    await user.click(await screen.findByRole('option', { name: 'tue' }));
    const proxy = screen.getByRole('group', { name: 'Proxy' });
    await user.type(within(proxy).getByRole('textbox', { name: /^Host/ }), 'proxy.example.com');
    await user.type(within(proxy).getByRole('textbox', { name: /^Port/ }), '8080');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ mode: 'on', level: 2, note: 'hello', days: ['tue'], proxy: { host: 'proxy.example.com', port: 8080 } });
  });
});
