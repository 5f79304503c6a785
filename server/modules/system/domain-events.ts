// How a lower module reaches the modules that stand on it without importing them
// (docs/decisions/046-one-way-modules.md). Two shapes, both declared by the lower module and
// filled in by the higher ones in their `*.reactions.ts`, which `server/modules/wiring.ts` loads:
// - an event: something happened ("these products are back in stock"); every handler runs, in
//   the order wired, inside the raiser's transaction (the context it passes), so a failing
//   handler rolls the whole change back;
// - a port: a question only a higher module can answer ("units sold per product"); exactly one
//   module answers it.
// Raising an event or asking a port before the wiring is loaded throws: a consequence that
// silently does not happen is worse than a crash at start-up or in a test.

export type DomainEvent<Payload, Context> = {
  readonly name: string;
  readonly handlers: ((ctx: Context, payload: Payload) => Promise<void>)[];
};

export type Port<Answer extends (...args: never[]) => unknown> = { readonly name: string; answer?: Answer };

let wired = false;

/** Called once by server/modules/wiring.ts when every module's reactions are registered. */
export function markModulesWired(): void {
  wired = true;
}

function assertWired(what: string) {
  if (!wired) throw new Error(`${what} before the modules were wired: import server/modules/wiring.ts first`);
}

export function domainEvent<Payload, Context>(name: string): DomainEvent<Payload, Context> {
  return { name, handlers: [] };
}

export function onEvent<Payload, Context>(event: DomainEvent<Payload, Context>, handler: (ctx: Context, payload: Payload) => Promise<void>): void {
  event.handlers.push(handler);
}

/** Runs every handler of the event, one after the other, with the raiser's context. */
export async function raise<Payload, Context>(ctx: Context, event: DomainEvent<Payload, Context>, payload: Payload): Promise<void> {
  assertWired(`the event ${event.name} was raised`);
  for (const handler of event.handlers) await handler(ctx, payload);
}

export function port<Answer extends (...args: never[]) => unknown>(name: string): Port<Answer> {
  return { name };
}

export function answerPort<Answer extends (...args: never[]) => unknown>(target: Port<Answer>, answer: NoInfer<Answer>): void {
  if (target.answer && target.answer !== answer) throw new Error(`the port ${target.name} is answered twice`);
  target.answer = answer;
}

/** The answering function of a port. */
export function ask<Answer extends (...args: never[]) => unknown>(target: Port<Answer>): Answer {
  assertWired(`the port ${target.name} was asked`);
  if (!target.answer) throw new Error(`the port ${target.name} has no answer: a module must answer it in its reactions`);
  return target.answer;
}
