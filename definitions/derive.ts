/** Derives the generic document operations (GET and save) of a document screen. */
import { z } from 'zod';
import { RevParam, RevisionStamp, SettingsStamp } from '../schemas/policy';
import type { DocumentScreen, OperationDef, ScreenDef, SectionDef } from './define';

/** Body of a save and answer of a read: the document plus its stamp. */
export function documentEnvelope(screen: DocumentScreen): z.ZodObject {
  const stamp = screen.endpoint.revision === 'staged' ? RevisionStamp : SettingsStamp;
  return screen.schema.extend(stamp.shape);
}

/**
 * The read of a document screen as another screen calls it (a select's choices from its rows): its id, the envelope
 * answered as plain fields.
 */
export function documentRead(screen: Pick<DocumentScreen, 'operationIds'>): { readonly id: string; readonly params?: typeof RevParam; readonly response: z.ZodObject } {
  return { id: screen.operationIds.read, response: z.looseObject({}) };
}

/**
 * The screen with its section's environment rule and feature flag where it names none, so leaving them out can never
 * mount an area where its section does not belong. The registry applies it to every screen; the server, the catalog
 * and the docs read the result.
 */
export function withSectionDefaults<S extends ScreenDef>(screen: S, section: SectionDef | undefined): S {
  return { ...screen, env: screen.env ?? section?.env, feature: screen.feature ?? section?.feature };
}

/** The query of a screen's `queryFields`: each field's own schema, optional and without its default. */
export function documentQuery(screen: DocumentScreen): z.ZodObject | undefined {
  const fields = screen.endpoint.queryFields ?? [];
  if (!fields.length) return undefined;
  const shape = screen.schema.shape as Record<string, z.ZodType>;
  const bare = (field: z.ZodType): z.ZodType => (field instanceof z.ZodDefault ? bare(field.unwrap() as z.ZodType) : field);
  return z.strictObject(Object.fromEntries(fields.map((f) => [f, bare(shape[f]!).optional()])));
}

/** A document screen's read or save: `{rev}` parameters for a policy area, the envelope as its answer (and save body). */
export interface DocumentOperationDef extends OperationDef {
  readonly params: typeof RevParam | undefined;
  readonly body?: z.ZodObject;
  readonly response: z.ZodObject;
}

/**
 * The read and save operations the server mounts and codegen emits for a document screen, with the screen's
 * environment rule and feature flag (which the registry has defaulted from its section). The engine calls the same.
 */
export function documentOperations(screen: DocumentScreen): [DocumentOperationDef, DocumentOperationDef] {
  const envelope = documentEnvelope(screen);
  const params = screen.endpoint.revision === 'staged' ? RevParam : undefined;
  const common = {
    path: screen.endpoint.path,
    params,
    query: documentQuery(screen),
    tag: screen.tag,
    env: screen.env,
    feature: screen.feature,
    revision: screen.endpoint.revision === 'staged' ? ('staged' as const) : undefined,
  };
  return [
    {
      ...common,
      id: screen.operationIds.read,
      method: 'GET',
      summary: `Read ${screen.title}`,
      description: screen.description,
      response: envelope,
      access: screen.read,
      document: { screenId: screen.id, role: 'read' },
    },
    {
      ...common,
      id: screen.operationIds.save,
      method: screen.endpoint.save,
      summary: `Save ${screen.title}`,
      description: screen.description,
      body: envelope,
      response: envelope,
      access: screen.write ?? screen.read,
      document: { screenId: screen.id, role: 'save' },
    },
  ];
}
