// First layer of request handling, as the reference service's JSON deserializer behaves: malformed JSON is a
// 400; a wrong JSON type, a missing required field or an unknown platform is a 422 in plain text, worded as
// serde words it ("platform: unknown variant `x`, expected one of ...", "missing field `amountIn`").
import { PLATFORM_IDS } from '../network/types.ts';
import { ServiceError, errors } from './errors.ts';
import {
  EXTRA_FIELDS,
  REQUEST_FIELDS,
  type RawQuoteRequest,
  type SerdeType,
  checkQuoteRequest,
  fieldCheckers,
} from './requestSchema.ts';

/**
 * Parses a request body into a structurally valid request, or throws the ServiceError the reference would answer.
 * @example deserializeRequest('{"chainId":369, ...}').platform // 'mixed'
 */
export function deserializeRequest(body: string): RawQuoteRequest {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw errors.malformedJson((error as Error).message);
  }
  if (checkQuoteRequest.Check(value)) return value;
  throw explain(value);
}

function explain(value: unknown): ServiceError {
  if (!isObject(value)) return errors.deserializeFailed(`invalid type: ${unexpected(value)}, expected struct QuoteRequest`);
  const problem = firstFieldProblem(value, REQUEST_FIELDS, '');
  if (problem) return errors.deserializeFailed(problem);
  if (isObject(value.extra)) {
    const extraProblem = firstFieldProblem(value.extra, EXTRA_FIELDS, 'extra.');
    if (extraProblem) return errors.deserializeFailed(extraProblem);
  }
  return errors.deserializeFailed('invalid request');
}

/** The first field error in document order, then the first missing field in declaration order. */
function firstFieldProblem(
  object: Record<string, unknown>,
  fields: typeof REQUEST_FIELDS,
  prefix: string,
): string | undefined {
  for (const [name, fieldValue] of Object.entries(object)) {
    const spec = fields[name];
    if (!spec || (fieldValue === null && !spec.required)) continue;
    const problem = fieldProblem(spec.serde, fieldValue, prefix + name);
    if (problem) return `${prefix}${name}: ${problem}`;
  }
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.required && !(name in object)) return `missing field \`${name}\``;
  }
  return undefined;
}

function fieldProblem(serde: SerdeType, value: unknown, path: string): string | undefined {
  if (serde === 'platform') {
    if (typeof value !== 'string') return `invalid type: ${unexpected(value)}, expected enum Platform`;
    if (!(PLATFORM_IDS as readonly string[]).includes(value)) {
      return `unknown variant \`${value}\`, expected one of ${PLATFORM_IDS.map((id) => `\`${id}\``).join(', ')}`;
    }
    return undefined;
  }
  if (serde === 'struct Extra') {
    return isObject(value) ? undefined : `invalid type: ${unexpected(value)}, expected struct Extra`;
  }
  if (fieldCheckers.get(path)!.Check(value)) return undefined;
  if (serde === 'u64' && typeof value === 'number' && Number.isInteger(value) && value < 0) {
    return `invalid value: integer \`${value}\`, expected u64`;
  }
  return `invalid type: ${unexpected(value)}, expected ${serde}`;
}

/** serde's description of an unexpected JSON value. */
function unexpected(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'sequence';
  switch (typeof value) {
    case 'boolean':
      return `boolean \`${value}\``;
    case 'number':
      return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``;
    case 'string':
      return `string ${JSON.stringify(value)}`;
    default:
      return 'map';
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
