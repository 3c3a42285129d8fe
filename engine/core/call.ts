/**
 * Typed calls: the engine calls an operation by its definition, `call(op, input, options)`, and the input it must
 * pass and the answer it gets are inferred from the operation's zod schemas (`params`, `query`, `body`, `response`).
 * Underneath is the transport, the HTTP core's `callOperation` (or a test's fake), which knows operations by id only.
 */
import type { z } from 'zod';
import type { CallInput, CallOptions, DownloadedFile } from './http';

/**
 * What the wire needs: an operation's id with its input; the HTTP core's `callOperation` in the app, a fake in tests.
 * Only `typedCall` (below) and the generated client (`engine/generated/client.gen.ts`) call it.
 */
export type CallFn = (operationId: string, input?: CallInput, options?: CallOptions) => Promise<unknown>;

/** What a typed call needs of an operation: its id and its schemas. Every `OperationDef` is one. */
export interface OperationRef {
  readonly id: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  readonly responseKind?: 'json' | 'text' | 'binary';
}

/**
 * One part of an operation's input. An operation that declares the part's schema takes that schema's input (params
 * and body required, the query optional); one that has none takes none; an operation only known as `OperationDef`
 * (a definition's wide field: a row action's operation, a choices source) takes the transport's loose input.
 */
type Part<O extends OperationRef, K extends 'params' | 'query' | 'body', Optional extends boolean> = K extends keyof O
  ? O[K] extends z.ZodType
    ? Optional extends true
      ? { readonly [P in K]?: z.input<O[K]> }
      : { readonly [P in K]: z.input<O[K]> }
    : { readonly [P in K]?: CallInput[K] }
  : { readonly [P in K]?: undefined };

/** The input of a call of `O`. */
export type InputOf<O extends OperationRef> = Part<O, 'params', false> & Part<O, 'query', true> & Part<O, 'body', false>;

/**
 * The answer of a call of `O`: its response schema's output (`unknown` for an operation only known as `OperationDef`);
 * the bytes of a binary answer, which the HTTP core reads as a Blob.
 */
export type OutputOf<O extends OperationRef> = O extends { readonly responseKind: 'binary' } ? Blob : z.output<O['response']>;

/** The input may be left out when nothing in it is required. */
type Args<O extends OperationRef> = Record<never, never> extends InputOf<O> ? [input?: InputOf<O>, options?: CallOptions] : [input: InputOf<O>, options?: CallOptions];

export interface TypedCall {
  /** Calls `op` and answers the file it returns (`asFile`): its bytes and the name the server gave. */
  <O extends OperationRef>(op: O, input: InputOf<O>, options: CallOptions & { readonly asFile: true }): Promise<DownloadedFile>;
  /** Calls `op`: its answer as its response schema describes it. */
  <O extends OperationRef>(op: O, ...args: Args<O>): Promise<OutputOf<O>>;
}

/**
 * The typed call over a transport. The one place an answer gets its operation's type: the server answers what the
 * operation's response schema says (the API conformance tests hold it to that), so it is not parsed again here.
 */
export function typedCall(transport: CallFn): TypedCall {
  return ((op: OperationRef, input?: CallInput, options?: CallOptions) => transport(op.id, input, options)) as TypedCall;
}

/** An answer read as a plain object, or undefined when it is not one (an operation only known as `OperationDef`). */
export const answerRecord = (answer: unknown): Readonly<Record<string, unknown>> | undefined =>
  typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as Record<string, unknown>) : undefined;

/** An answer's fields, none when it is not an object: what the views read of an operation only known as `OperationDef`. */
export const recordOf = (answer: unknown): Readonly<Record<string, unknown>> => answerRecord(answer) ?? {};
