/** Derives the generic document operations (GET and save) of a document screen. */
import { z } from 'zod';
import { RevParam, RevisionStamp, SettingsStamp } from '../schemas/policy';
import type { DocumentScreen, OperationDef, SectionDef } from './define';

/** Body of a save and answer of a read: the document plus its stamp. */
export function documentEnvelope(screen: DocumentScreen): z.ZodObject {
  const stamp = screen.endpoint.revision === 'staged' ? RevisionStamp : SettingsStamp;
  return screen.schema.extend(stamp.shape);
}

/**
 * The read and save operations the server mounts and codegen emits for a document screen. The environment rule and
 * the feature flag default from the screen's section, so an area that leaves them out is mounted only where its
 * section belongs.
 */
export function documentOperations(screen: DocumentScreen, section?: SectionDef): [OperationDef, OperationDef] {
  const envelope = documentEnvelope(screen);
  const params = screen.endpoint.revision === 'staged' ? RevParam : undefined;
  const common = {
    path: screen.endpoint.path,
    params,
    tag: screen.tag,
    env: screen.env ?? section?.env,
    feature: screen.feature ?? section?.feature,
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
