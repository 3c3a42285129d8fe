/**
 * The engine uses react-hook-form through its public API only: no member of its `Control` whose name starts with an
 * underscore (`control._formValues`, `_fields`, `_subscribe`, `_formState`, `_setErrors`, …) and no field's `_f`, read
 * in any way (`x._name`, `x?._name`, `x['_name']`, `const { _name } = x`), in the engine's code outside its tests.
 * Those members are react-hook-form's internals: they change without notice between its versions. The names are read
 * from the installed package's type declarations, so a member added by a later version is covered too; any
 * `control._…` is refused whatever its name.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './sourceFiles';

const ROOT = resolve(import.meta.dirname, '..');
const DECLARATIONS = join(ROOT, 'node_modules/react-hook-form/dist/types/form.d.ts');

/** The members of react-hook-form's `Control` type whose names start with an underscore. */
export function privateControlMembers(declarations: string): Set<string> {
  const source = ts.createSourceFile('form.d.ts', declarations, ts.ScriptTarget.Latest, false);
  const control = source.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'Control');
  const members = control && ts.isTypeLiteralNode(control.type) ? control.type.members : [];
  return new Set(members.flatMap((m) => (m.name && ts.isIdentifier(m.name) && m.name.text.startsWith('_') ? [m.name.text] : [])));
}

/** Each read of one of `names`, or of any underscore member of something named `control`, as `line: text`. */
export function privateReads(file: string, text: string, names: ReadonlySet<string>): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}: ${node.getText(source)}`);
  };
  const isControl = (e: ts.Expression) => /(^|\.)control$/.test(e.getText(source).replace(/[?!\s]/g, ''));
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && node.name.text.startsWith('_') && (names.has(node.name.text) || isControl(node.expression))) report(node);
    else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) {
      const key = node.argumentExpression.text;
      if (key.startsWith('_') && (names.has(key) || isControl(node.expression))) report(node);
    } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const key = node.propertyName ?? node.name;
      if ((ts.isIdentifier(key) || ts.isStringLiteralLike(key)) && names.has(key.text)) report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("react-hook-form's internals", () => {
  const names = new Set([...privateControlMembers(readFileSync(DECLARATIONS, 'utf8')), '_f']);

  it('reads the private members of Control from the installed declarations', () => {
    for (const name of ['_formValues', '_fields', '_subscribe', '_formState', '_setErrors', '_names', '_options']) expect(names).toContain(name);
  });

  it('finds each way of reading them', () => {
    const text = [
      'const a = control._formValues;',
      'form.control._fields;',
      'props.control?._somethingNew();',
      "x['_setErrors'](errors);",
      'const { _formState, register } = control;',
      'const { _names: n } = form.control;',
      'field?._f?.mount;',
      // Not react-hook-form's: an underscore member of another name, and a parameter named like one.
      'row._private; const _fields = 1; const { _other } = y;',
    ].join('\n');
    expect(privateReads('example.ts', text, names)).toEqual([
      '1: control._formValues',
      '2: form.control._fields',
      '3: props.control?._somethingNew',
      "4: x['_setErrors']",
      '5: _formState',
      '6: _names: n',
      '7: field?._f',
    ]);
  });

  it('are not used by the engine outside its tests', () => {
    const files = sourceFiles(join(ROOT, 'engine'));
    expect(files.length).toBeGreaterThan(100);
    const uses = files.flatMap((file) => privateReads(file, readFileSync(file, 'utf8'), names).map((use) => `${relative(ROOT, file)}:${use}`));
    expect(uses).toEqual([]);
  });
});
