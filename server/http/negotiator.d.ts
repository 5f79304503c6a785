// negotiator ships no types; the one call the front makes (front.ts, encodingFor).
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available?: string[], preferred?: string[]): string | undefined;
  }
}
