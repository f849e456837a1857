import type { AppFile, EntityProperty, EntitySchema } from '@buildai/domain';

/** Field names that say a person's data (decision 0013, "The publish check"). */
const PERSONAL_FIELD =
  /e-?mail|phone|mobile|telephone|^tel$|address|street|post_?code|postal|zip|birth|^dob$|ssn|passport|(first|last|full|given|family|sur|middle|maiden)_?name/i;
/** Entities that hold people: there a plain `name` is a person's name too. */
const PERSON_ENTITY =
  /user|customer|client|contact|person|people|member|lead|employee|staff|patient|student|guest|attendee|subscriber|profile|applicant|candidate|buyer|seller|friend|author/i;

/** The fields of an entity whose names or formats look personal. */
export function personalFields(entity: string, schema: EntitySchema): string[] {
  return Object.entries(schema.properties)
    .filter(([name, p]) => {
      if ((p as EntityProperty).format === 'email') return true;
      if (PERSONAL_FIELD.test(name)) return true;
      return PERSON_ENTITY.test(entity) && /^(display_?)?name$/i.test(name);
    })
    .map(([name]) => name);
}

/** Keys of well-known services, each with what it is. */
const KEYS: [string, RegExp][] = [
  ['An Anthropic API key', /\bsk-ant-[A-Za-z0-9_-]{20,}/],
  ['An OpenAI API key', /\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}/],
  ['A Stripe secret key', /\b[rs]k_live_[A-Za-z0-9]{16,}/],
  ['An AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
  ['A GitHub token', /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/],
  ['A Slack token', /\bxox[abprs]-[A-Za-z0-9-]{10,}/],
  ['A Google API key', /\bAIza[0-9A-Za-z_-]{35}/],
  ['A Gumroad access token', /\bgumroad[_-]?(?:access[_-]?)?token\b\s*[:=]\s*["'`][A-Za-z0-9_-]{20,}/i],
  ['A private key', /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/],
];
/** A long random-looking string given to a name that says secret. */
const NAMED_SECRET =
  /\b(?:api_?key|apikey|secret(?:_?key)?|client_?secret|access_?token|auth_?token|private_?key|password|passwd)\b["']?\s*[:=]\s*["'`]([^"'`\s]{16,})["'`]/i;
const PLACEHOLDER = /your|example|placeholder|xxxx|changeme|\*{3}|\$\{|<|>/i;

export interface SecretHit {
  kind: string;
  file: string;
  line: number;
}

/**
 * Secret-looking strings in the code that reaches visitors' browsers: every file but the server functions
 * (`functions/`, which run on the server and read Secrets).
 */
export function secretsInCode(files: AppFile[]): SecretHit[] {
  const hits: SecretHit[] = [];
  for (const file of files) {
    if (file.path.startsWith('functions/') || !/\.(tsx?|jsx?|html|css|json|md)$/.test(file.path)) continue;
    file.content.split('\n').forEach((text, i) => {
      const known = KEYS.find(([, re]) => re.test(text));
      if (known) return hits.push({ kind: known[0], file: file.path, line: i + 1 });
      const named = NAMED_SECRET.exec(text);
      const value = named?.[1] ?? '';
      if (named && !PLACEHOLDER.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value))
        hits.push({ kind: 'A secret-looking string', file: file.path, line: i + 1 });
    });
  }
  return hits;
}
