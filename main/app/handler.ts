import type { MethodName, OutputOf, ParsedInputOf } from '../../common/api/contract.js';
import type { AppContext } from './context.js';

export type Handler<M extends MethodName> = (ctx: AppContext, input: ParsedInputOf<M>) => OutputOf<M> | Promise<OutputOf<M>>;

/** A set of handlers, one file per area (auth, tickets, sales, packs, cash, journal, diagnostics …). */
export type Handlers = { readonly [M in MethodName]?: Handler<M> };
