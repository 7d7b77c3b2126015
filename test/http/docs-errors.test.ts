// The README's error table and ERROR_TABLE in src/http/errors.ts must agree: the same codes with the same statuses
// (and the same body formats).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ERROR_TABLE } from '../../src/http/errors.ts';

const README = fileURLToPath(new URL('../../README.md', import.meta.url));
/** A table row such as "| `NOT_FOUND` | 404 | JSON | Unknown path |"; the third cell is optional. */
const ROW = /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|\s*(\d{3})\s*\|(?:\s*([^|]*?)\s*\|)?/;

interface DocumentedError {
  code: string;
  status: number;
  body: string | undefined;
}

function documentedErrors(): DocumentedError[] {
  assert.ok(existsSync(README), `${README} does not exist: it must document the error codes in a table`);
  return readFileSync(README, 'utf8')
    .split('\n')
    .map((line) => ROW.exec(line.trim()))
    .filter((match) => match !== null)
    .map((match) => ({ code: match[1], status: Number(match[2]), body: match[3] }));
}

const byCode = (a: [string, unknown], b: [string, unknown]) => a[0].localeCompare(b[0]);

it('documents every error code of ERROR_TABLE in README.md once, with its status, and no other code', () => {
  const documented = documentedErrors().map(({ code, status }): [string, number] => [code, status]);
  const table = Object.entries(ERROR_TABLE).map(([code, { status }]): [string, number] => [code, status]);
  assert.deepEqual(documented.sort(byCode), table.sort(byCode));
});

it('documents the body format of each error code (JSON or text) as ERROR_TABLE has it', () => {
  const documented = documentedErrors().map(({ code, body }): [string, string | undefined] => [code, body?.toLowerCase()]);
  const table = Object.entries(ERROR_TABLE).map(([code, { body }]): [string, string] => [code, body]);
  assert.deepEqual(documented.sort(byCode), table.sort(byCode));
});
