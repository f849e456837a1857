import type { Rule } from 'eslint';

export declare const featureBoundaries: Rule.RuleModule;
export declare const tableOwners: Rule.RuleModule;
/** `{ table: { owner, writers, area } }` from the `@owner` and `@writers` tags of every `pgTable` in db/schema/. */
export declare function readTableOwners(): Record<
  string,
  { owner: string | null; writers: string[]; area: string }
>;
